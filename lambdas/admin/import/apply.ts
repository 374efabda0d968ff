import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../common/transact';
import type { ImportPlan, WriteUnit } from './plan';

export interface ApplyOptions {
  /** Epoch ms after which no new transaction starts (the API's calls stop in time; the CLI has none). */
  deadline?: number;
  /** Transactions in flight at once. */
  concurrency?: number;
  /** Called after each transaction with the items written so far and the plan's total. */
  onProgress?: (written: number, total: number) => void;
}

export interface ApplyResult {
  written: number;
  remaining: number;
}

/** Packs whole units into TransactWrite calls of at most 100 items, in order. */
export function packUnits(units: readonly WriteUnit[]): TransactItem[][] {
  const batches: TransactItem[][] = [];
  let current: TransactItem[] = [];
  for (const unit of units) {
    if (unit.items.length > MAX_TRANSACT_ITEMS) throw new Error(`A write unit of ${unit.items.length} items exceeds a transaction`);
    if (current.length + unit.items.length > MAX_TRANSACT_ITEMS) {
      batches.push(current);
      current = [];
    }
    current.push(...unit.items);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Writes a plan phase by phase, a few transactions at a time. A failed condition (someone edited a record since
 * the plan was read) stops the run with CONFLICT once the transactions in flight have settled; what was written
 * stays written, whole units only, and the next run plans only what is left. Stops early, between
 * transactions, once the deadline has passed.
 */
export async function applyPlan(plan: ImportPlan, options: ApplyOptions = {}): Promise<ApplyResult> {
  const total = plan.writes;
  const concurrency = options.concurrency ?? 4;
  let written = 0;
  const late = () => options.deadline !== undefined && Date.now() >= options.deadline;
  for (const phase of [0, 1, 2, 3] as const) {
    if (late()) break;
    const batches = packUnits(plan.units.filter((unit) => unit.phase === phase));
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && !late() && next < batches.length) {
        const batch = batches[next++]!;
        try {
          await transactWrite(batch);
        } catch (error) {
          failed = true;
          throw error;
        }
        written += batch.length;
        options.onProgress?.(written, total);
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
    const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    // The next phase refers to this one's records: never start it before this one is complete.
    if (next < batches.length) break;
  }
  return { written, remaining: total - written };
}
