// The `errors` of a scan's answer: at most `maxErrors` entries, the rest counted.
import { FETCH_MESSAGES, FetchFailure } from './fetch-text.ts';

export interface ScanError {
  url: string;
  code: string;
  message: string;
}

export class ScanErrors {
  readonly entries: ScanError[] = [];
  omitted = 0;
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  add(error: ScanError): void {
    if (this.entries.length < this.max) this.entries.push(error);
    else this.omitted++;
  }

  /** A fetch that failed, by its code only: the text of what failed is never passed on. */
  addFailure(url: string, error: unknown): void {
    const code = error instanceof FetchFailure ? error.code : 'fetch_failed';
    this.add({ url, code, message: FETCH_MESSAGES[code] });
  }
}
