import type { Handler } from '../api.ts';
import { type BulkAction, bulkActions, planBulk } from '../bulk-plans.ts';
import { booleanFlag, positiveInteger } from '../checks.ts';
import { invalidParams } from '../errors.ts';
import { checkBodyFields } from './input.ts';

/** `{ action, dry_run?, ids? }`: plans and applies in one transaction (a dry run rolls nothing forward). */
export const bulk: Handler = (request, { store }) => {
  const body = request.body;
  checkBodyFields(body, ['action', 'dry_run', 'ids'], ['action']);
  const problems: Record<string, string> = {};
  if (!bulkActions.includes(body.action as BulkAction))
    problems.action = `must be one of ${bulkActions.join(', ')}`;
  const dryRun = body.dry_run === undefined ? false : booleanFlag(body.dry_run);
  if (dryRun === null) problems.dry_run = 'must be true or false';
  let ids: number[] | undefined;
  if (body.ids !== undefined) {
    ids = Array.isArray(body.ids) ? body.ids.map(positiveInteger).filter((id) => id !== null) : [];
    if (!Array.isArray(body.ids) || ids.length !== body.ids.length)
      problems.ids = 'must be an array of positive integers';
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  const action = body.action as BulkAction;

  const plan = store.transaction(() => {
    const planned = planBulk(action, store.schemasByIds(ids));
    if (!dryRun) {
      for (const change of planned.changes) {
        if (change.next) store.updateSchema(change.id, change.next);
        else store.deleteSchema(change.id);
      }
    }
    return planned;
  });
  return {
    body: {
      action,
      dry_run: dryRun,
      affected: plan.changes.length,
      items: plan.changes.map(({ id, url, change }) => ({ id, url, change })),
      errors: plan.errors,
    },
  };
};
