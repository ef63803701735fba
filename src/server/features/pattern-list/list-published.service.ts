import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import type { PatternListQuery, PatternListResponse } from '../../../shared/contracts/pattern-list';
import { isoDate } from '../patterns';
import { assertBrandFilter, scopedWhere, withBrandId, withStorefrontBadges } from './list.service';
import * as repo from './list-published.repo';

/**
 * The list's `version=published`: live published versions only, their values as published, with
 * the list's scoping, filters (status aside) and sort keys, paged by position (no anchors).
 */
export async function listPublished(
  db: DbOrTx,
  user: AuthUser,
  query: PatternListQuery,
): Promise<PatternListResponse> {
  const q = await withBrandId(db, user, query);
  await assertBrandFilter(db, user, q);
  const w = scopedWhere(user, q);
  const { rows, total } = await repo.publishedPage(
    db,
    w,
    { sort: q.sort, dir: q.dir },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  // The published main hero, while its row still serves its thumbnails (as the working list's).
  const heroOf = (r: (typeof rows)[number]) =>
    r.data.files.find((x) => x.kind === 'Main_Hero_Image' && x.thumbnails);
  const served = await repo.filesStillServed(
    db,
    rows.flatMap((r) => heroOf(r) ?? []),
  );
  const data: PatternListResponse['data'] = rows.map((r) => {
    const f = r.data.fields;
    const hero = heroOf(r);
    return {
      ID: r.patternId,
      SFCC_Pattern_ID: f.SFCC_Pattern_ID,
      Pattern_Name: f.Pattern_Name,
      Brand: f.Brand,
      brandName: f.brandName,
      Type: f.Type,
      Gender: f.Gender,
      Price: f.Price,
      Fabric_type: f.Fabric_type,
      Is_Printable: f.Is_Printable,
      SFCC_Status: 'published',
      editStatus: r.editStatus,
      IS_SFCC_TESTING: r.IS_SFCC_TESTING,
      updatedAt: isoDate(r.publishedAt),
      heroFileId: hero && served.has(hero.id) ? hero.id : null,
    };
  });
  return {
    data: await withStorefrontBadges(db, user, data),
    totalCountData: total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
