// A worker thread's entry for TypeScript modules. The server runs under tsx, whose loader does
// not reach worker threads (Node 20), and vitest's transform does not either: this plain module
// registers tsx in the new thread, then imports the TypeScript entry named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
