import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import {
  PIECE_MSG,
  PIECES_MAX,
  PieceFieldsSchema,
  type Piece,
  type PieceFields,
} from '../../../shared/contracts/pieces';
import { loadPattern, markPatternEdited } from '../patterns';
import { loadSize } from './sizes.service';
import { recordActivity } from '../activity';
import { diffFields } from '../activity';
import { findSize } from './sizes.repo';
import * as repo from './pieces.repo';

const PIECE_LABELS = Object.fromEntries(
  Object.keys(PieceFieldsSchema.shape).map((k) => [k, k.replace(/_/g, ' ')]),
);
const sizeLabel = async (db: DbOrTx, sizeId: number) => {
  const s = await findSize(db, sizeId);
  return s ? `${s.pattern_view} / ${s.Size}` : String(sizeId);
};

export function toPiece(r: repo.PieceRow): Piece {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

const FIELDS = Object.keys(PieceFieldsSchema.shape) as (keyof PieceFields)[];

/** The whole piece is written: an optional field left empty is cleared. */
function pieceValues(f: PieceFields): repo.PieceValues {
  const values: Record<string, unknown> = { updatedAt: new Date() };
  for (const k of FIELDS) values[k] = f[k] === undefined || f[k] === '' ? null : f[k];
  return values as repo.PieceValues;
}

/** A piece the user may see (through its size's pattern); another brand's piece is "not found". */
async function loadPiece(db: DbOrTx, user: AuthUser, pieceId: number) {
  const owner = await repo.findPieceOwner(db, pieceId);
  if (!owner) throw notFound('Piece');
  await loadPattern(db, user, owner.patternId, { what: 'Piece' });
  return owner;
}

export async function listPieces(db: DbOrTx, user: AuthUser, sizeId: number) {
  await loadSize(db, user, sizeId);
  const rows = await repo.listPieces(db, sizeId);
  return { data: rows.map(toPiece), totalCountData: rows.length };
}

export async function addPiece(
  db: DbOrTx,
  user: AuthUser,
  sizeId: number,
  f: PieceFields,
): Promise<Piece> {
  return db.transaction(async (tx) => {
    const { pattern } = await loadSize(tx, user, sizeId, { forUpdate: true });
    if ((await repo.countPieces(tx, sizeId)) >= PIECES_MAX) throw conflict(PIECE_MSG.tooMany);
    const row = await repo.insertPiece(tx, sizeId, pieceValues(f));
    await markPatternEdited(tx, pattern.ID);
    await recordActivity(tx, user, pattern.ID, 'piece_added', {
      size: await sizeLabel(tx, sizeId),
      piece: row.Piece_Number,
    });
    return toPiece(row);
  });
}

export async function updatePiece(
  db: DbOrTx,
  user: AuthUser,
  pieceId: number,
  f: PieceFields,
): Promise<Piece> {
  return db.transaction(async (tx) => {
    const owner = await loadPiece(tx, user, pieceId);
    const before = (await repo.findPiece(tx, pieceId))!;
    const row = await repo.updatePiece(tx, pieceId, pieceValues(f));
    await markPatternEdited(tx, owner.patternId);
    const changes = diffFields(before, row, PIECE_LABELS);
    if (changes.length)
      await recordActivity(tx, user, owner.patternId, 'piece_changed', {
        size: await sizeLabel(tx, owner.sizeId),
        piece: row.Piece_Number,
        changes,
      });
    return toPiece(row);
  });
}

export async function deletePiece(db: DbOrTx, user: AuthUser, pieceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await loadPiece(tx, user, pieceId);
    const piece = (await repo.findPiece(tx, pieceId))!;
    await recordActivity(tx, user, owner.patternId, 'piece_deleted', {
      size: await sizeLabel(tx, owner.sizeId),
      piece: piece.Piece_Number,
    });
    await repo.deletePiece(tx, pieceId);
    await markPatternEdited(tx, owner.patternId);
  });
}
