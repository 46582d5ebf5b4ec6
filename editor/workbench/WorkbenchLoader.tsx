'use client';
// The workbench, fetched and run only in the browser: Monaco cannot load on the server.
import dynamic from 'next/dynamic';

const Workbench = dynamic(() => import('./Workbench'), { ssr: false, loading: () => <p className="wb-loading">Loading the editor…</p> });

export function WorkbenchLoader({ id }: { id: string }) {
  return <Workbench id={id} />;
}
