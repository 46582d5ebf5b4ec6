import path from 'node:path';
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Pin the root so a lockfile in a parent folder cannot make Next guess a different workspace.
  turbopack: { root: path.resolve(import.meta.dirname) },
  // `next dev` opened at 127.0.0.1 would otherwise have its HMR requests refused and never hydrate.
  allowedDevOrigins: ['127.0.0.1'],
  // Simulations bundle their worker with esbuild at run time (server/simulation.ts): a native binary,
  // loaded from node_modules as it is rather than bundled.
  serverExternalPackages: ['esbuild'],
};

export default nextConfig;
