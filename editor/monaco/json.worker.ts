// Entry point of the JSON language worker (schema validation, hover, completion), bundled from the installed package.
import 'monaco-editor/languages/features/json/json.worker';
