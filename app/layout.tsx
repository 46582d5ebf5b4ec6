import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { TrpcProvider } from '@/editor/TrpcProvider';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Sandtable', template: '%s · Sandtable' },
  description: 'Author grand-strategy wargame rulesets as data and test-play them.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            Sandtable
          </Link>
          <span className="tagline">wargame rulesets as data</span>
        </header>
        <main>
          <TrpcProvider>{children}</TrpcProvider>
        </main>
      </body>
    </html>
  );
}
