import { DomainError, type ErrorDetail } from '#core/errors.js';

/** The id is taken (also by a deleted record), or the revision moved on. */
export function conflictError(collection: string, ids: readonly string[], why: 'exists' | 'stale'): DomainError {
  const message =
    why === 'exists'
      ? 'Já existe um registro com este identificador'
      : 'O registro foi alterado por outra escrita; recarregue e tente de novo';
  return new DomainError(
    'conflict',
    message,
    ids.map((id) => ({
      path: `${collection}.${id}`,
      message: why === 'exists' ? 'identificador em uso' : 'revisão desatualizada',
    })),
  );
}

/** The record is missing, deleted or belongs to another tenant (indistinguishable on purpose). */
export function notFoundError(collection: string, id: string): DomainError {
  return new DomainError('not_found', 'Registro não encontrado', [
    { path: `${collection}.${id}`, message: 'não existe' },
  ]);
}

/** A record whose tenant is not the store's. */
export function forbiddenError(collection: string, id: string): DomainError {
  return new DomainError('forbidden', 'O registro pertence a outra conta', [
    { path: `${collection}.${id}.tenantId`, message: 'conta diferente da sessão' },
  ]);
}

/** A record the store cannot keep as given (bad id, wrong type in a declared field). */
export function invalidRecordError(details: readonly ErrorDetail[]): DomainError {
  return new DomainError('validation', 'Registro inválido', details);
}

/** A write RxDB refused for a reason other than a conflict: a bug or a broken storage. */
export function storageError(collection: string, status: number, id: string): DomainError {
  return new DomainError('internal', 'Falha ao gravar no banco local', [
    { path: `${collection}.${id}`, message: `RxDB recusou a escrita (status ${status})` },
  ]);
}
