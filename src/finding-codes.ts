// Every code a finding may have: the validator's and the site audit's. The build's `severity` option and the
// CLI's --severity name them.
import { AUDIT_CODES } from './audit/codes.ts';
import { ISSUE_CODES } from './validate/report.ts';

export const FINDING_CODES: readonly string[] = [...Object.keys(ISSUE_CODES), ...Object.keys(AUDIT_CODES)];
