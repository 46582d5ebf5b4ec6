// Monaco from the installed package, never a CDN: the slim editor API, its editing features and the JSON language.
// Import this only from code loaded with next/dynamic({ ssr: false }): Monaco touches `window` as it loads.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';

// Without this Monaco looks for its workers beside its own files, which Next does not serve.
self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) =>
    label === 'json'
      ? new Worker(new URL('./json.worker.ts', import.meta.url), { type: 'module' })
      : new Worker(new URL('./editor.worker.ts', import.meta.url), { type: 'module' }),
};

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
