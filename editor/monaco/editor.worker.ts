// Entry point of Monaco's editor worker, bundled by Next from the installed package.
import 'monaco-editor/editor/editor.worker';
