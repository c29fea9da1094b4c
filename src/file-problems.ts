// A file system failure in words a user can act on, with the code kept for searching: Node's own messages
// name the system call and, for a write, the temporary file beside the target rather than the target.

const IN_WORDS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  ELOOP: 'symbolic links that lead in a loop',
  ENAMETOOLONG: 'the name is too long',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files open in this process',
  EBUSY: 'the file is in use',
  EXDEV: 'the temporary file is on another file system',
};

/**
 * Why a file operation failed, as words and the error's code.
 *
 * @example fileProblemOf(Object.assign(new Error('…'), { code: 'ELOOP' })) // 'symbolic links that lead in a loop (ELOOP)'
 */
export function fileProblemOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return IN_WORDS[code] ? `${IN_WORDS[code]} (${code})` : code;
  return typeof message === 'string' ? message : String(error);
}
