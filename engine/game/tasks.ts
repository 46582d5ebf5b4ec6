// Manual tasks: what the tester must adjudicate by hand. While one is open the game waits.
import type { Task } from './state';
import type { Tx } from './tx';

export function openTask(tx: Tx, text: string, pointer: string, places?: string): Task {
  const n = (tx.s.serials['#task'] ?? 0) + 1;
  tx.s.serials['#task'] = n;
  const task: Task = { id: `task-${n}`, text, cite: tx.rules.cite(pointer), ...(places ? { places } : {}) };
  tx.s.tasks.push(task);
  tx.emit(() => ({ kind: 'task', task: task.id, done: false, cite: task.cite, text: `For the tester to adjudicate: ${text}` }));
  return task;
}
