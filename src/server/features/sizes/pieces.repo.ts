import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pieces, sizes } from '../../db/schema/patterns';
import { firstRow } from '../../lib/rows';

export type PieceRow = typeof pieces.$inferSelect;
export type PieceValues = Omit<typeof pieces.$inferInsert, 'ID' | 'sizeId' | 'createdAt'>;

export async function listPieces(db: DbOrTx, sizeId: number): Promise<PieceRow[]> {
  return db.select().from(pieces).where(eq(pieces.sizeId, sizeId)).orderBy(asc(pieces.ID));
}

export async function findPiece(db: DbOrTx, pieceId: number): Promise<PieceRow | undefined> {
  const [row] = await db.select().from(pieces).where(eq(pieces.ID, pieceId)).limit(1);
  return row;
}

/** The piece's size and pattern, so scoping can go through the pattern. */
export async function findPieceOwner(db: DbOrTx, pieceId: number) {
  const [row] = await db
    .select({ ID: pieces.ID, sizeId: pieces.sizeId, patternId: sizes.patternId })
    .from(pieces)
    .innerJoin(sizes, eq(sizes.ID, pieces.sizeId))
    .where(eq(pieces.ID, pieceId))
    .limit(1);
  return row;
}

export async function countPieces(db: DbOrTx, sizeId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pieces)
    .where(eq(pieces.sizeId, sizeId));
  return firstRow(rows, 'count of pieces').n;
}

export async function insertPiece(
  db: DbOrTx,
  sizeId: number,
  values: PieceValues,
): Promise<PieceRow> {
  const rows = await db
    .insert(pieces)
    .values({ ...values, sizeId })
    .returning();
  return firstRow(rows, 'insert into pieces');
}

export async function updatePiece(
  db: DbOrTx,
  pieceId: number,
  values: PieceValues,
): Promise<PieceRow> {
  // The service has loaded the piece in the same transaction (pieces.service.ts).
  const rows = await db.update(pieces).set(values).where(eq(pieces.ID, pieceId)).returning();
  return firstRow(rows, `update of piece ${pieceId}`);
}

export async function deletePiece(db: DbOrTx, pieceId: number) {
  await db.delete(pieces).where(eq(pieces.ID, pieceId));
}
