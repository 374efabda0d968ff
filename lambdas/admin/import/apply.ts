import { auditPut, type Actor } from '../../common/audit';
import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../common/transact';
import { unitSize, type ImportPlan, type WriteUnit } from './plan';

export interface ApplyOptions {
  /** Who imports: named in each record's audit entry. */
  actor: Actor;
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

/**
 * Packs whole units into TransactWrite calls of at most 100 items, in order; a unit's audit entry goes with it,
 * by `actor` at the time of packing.
 */
export function packUnits(units: readonly WriteUnit[], actor: Actor): TransactItem[][] {
  const batches: TransactItem[][] = [];
  let current: TransactItem[] = [];
  const at = new Date().toISOString();
  for (const unit of units) {
    const size = unitSize(unit);
    if (size > MAX_TRANSACT_ITEMS) throw new Error(`A write unit of ${size} items exceeds a transaction`);
    if (current.length + size > MAX_TRANSACT_ITEMS) {
      batches.push(current);
      current = [];
    }
    current.push(...unit.items);
    if (unit.audit) current.push(auditPut({ ...unit.audit, at, actor }));
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
export async function applyPlan(plan: ImportPlan, options: ApplyOptions): Promise<ApplyResult> {
  const total = plan.writes;
  const concurrency = options.concurrency ?? 4;
  let written = 0;
  const late = () => options.deadline !== undefined && Date.now() >= options.deadline;
  for (const phase of [0, 1, 2, 3] as const) {
    if (late()) break;
    const batches = packUnits(plan.units.filter((unit) => unit.phase === phase), options.actor);
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
