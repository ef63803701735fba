import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { PIECE_MSG, PIECE_PATHS } from '../../../shared/contracts/pieces';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';
import { patternRow, seedPattern, sizeIdOf } from '../patterns/detail.fixtures';

describe(`pieces routes (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const piece = {
    Piece_Number: '1',
    pattern_view: 'A',
    Piece_Description: 'Front bodice',
    Fabric_Category: 'Main',
    Cut_Quantity: 2,
    Fold: 'Yes',
    Patterns_SVG: 'front-bodice.svg',
    Contrast: 'No',
  };
  const addPiece = (sizeId: number, user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: PIECE_PATHS.list(sizeId), headers: user.auth, payload });

  it('adds, lists, edits and deletes the pieces of a size', async () => {
    const p = await seedPattern(t);
    const sizeId = sizeIdOf(p);
    const before = await patternRow(t, p.id);
    const created = await addPiece(sizeId, owner, piece);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: PIECE_MSG.added, data: { sizeId, ...piece } });
    const id = created.json().data.ID;
    await addPiece(sizeId, owner, { Piece_Number: '2', Cut_Quantity: '' });
    const list = await t.app.inject({ url: PIECE_PATHS.list(sizeId), headers: owner.auth });
    expect(list.json().totalCountData).toBe(2);
    expect(list.json().data[1]).toMatchObject({
      Piece_Number: '2',
      Cut_Quantity: null,
      Fold: null,
    });
    expect(
      (await t.app.inject({ url: SIZE_PATHS.one(sizeId), headers: owner.auth })).json().data
        .piecesCount,
    ).toBe(2);
    expect((await patternRow(t, p.id)).updatedAt.getTime()).toBeGreaterThan(
      before.updatedAt.getTime(),
    );

    const edited = await t.app.inject({
      method: 'PUT',
      url: PIECE_PATHS.one(id),
      headers: owner.auth,
      payload: { ...piece, Cut_Quantity: 4, Contrast: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: PIECE_MSG.updated,
      data: { ID: id, Cut_Quantity: 4, Contrast: null },
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: PIECE_PATHS.one(id),
      headers: owner.auth,
    });
    expect(del.json()).toEqual({ message: PIECE_MSG.deleted });
    expect(
      (await t.app.inject({ url: PIECE_PATHS.list(sizeId), headers: owner.auth })).json()
        .totalCountData,
    ).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: PIECE_PATHS.one(id), headers: owner.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('validates a piece at its fields', async () => {
    const p = await seedPattern(t);
    const res = await addPiece(sizeIdOf(p), owner, { Piece_Number: ' ', Cut_Quantity: 2.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      Piece_Number: 'Piece Number is required',
      Cut_Quantity: 'Cut Quantity must be a whole number from 0 to 1000',
    });
    const bad = await addPiece(sizeIdOf(p), owner, { Piece_Number: '1', Cut_Quantity: 'many' });
    expect(bad.json().fields.Cut_Quantity).toBe('Cut Quantity must be a whole number');
  });

  it('hides another brand’s pieces from a user (404); admins reach them', async () => {
    const p = await seedPattern(t);
    const sizeId = sizeIdOf(p);
    const id = (await addPiece(sizeId, owner, piece)).json().data.ID;
    expect(
      (await t.app.inject({ url: PIECE_PATHS.list(sizeId), headers: other.auth })).statusCode,
    ).toBe(404);
    expect((await addPiece(sizeId, other, piece)).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: PIECE_PATHS.one(id),
      headers: other.auth,
      payload: piece,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Piece not found');
    expect(
      (await t.app.inject({ method: 'DELETE', url: PIECE_PATHS.one(id), headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: PIECE_PATHS.list(sizeId), headers: admin.auth })).json()
        .totalCountData,
    ).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: PIECE_PATHS.one(id),
          headers: admin.auth,
          payload: { ...piece, Fold: 'No' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('goes with its size when the size is deleted', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const id = (await addPiece(sizeIdOf(p), owner, piece)).json().data.ID;
    await t.app.inject({
      method: 'DELETE',
      url: SIZE_PATHS.one(sizeIdOf(p)),
      headers: owner.auth,
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: PIECE_PATHS.one(id),
          headers: owner.auth,
          payload: piece,
        })
      ).statusCode,
    ).toBe(404);
  });
});
