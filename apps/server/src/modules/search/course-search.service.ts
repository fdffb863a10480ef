import {
  coursePageSize,
  isInternationalViewer,
  moneyText,
  type OutputOf,
  type ParsedInputOf,
  toMajorUnits,
} from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { type CourseCandidate, findCourseCandidates } from './course-search.repository.ts';
import type { Viewer } from './search.service.ts';

type CourseResult = OutputOf<'search-courses'>['courses'][number];

// PostgreSQL answers count(*) as a bigint string; SQLite as a number.
const count = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * A course card priced the way its course page prices modules: a viewer from another country
 * pays the USD price, otherwise the local one in the course's currency; the card shows the
 * cheapest sold module. As in the module cart, a hidden price wins over everything else, and
 * a course without a price (or whose sold modules cost nothing) is free.
 */
function toCourseResult(row: CourseCandidate, viewer: Viewer): CourseResult {
  const international = isInternationalViewer(row.prof_country, viewer.countryId);
  const currency = international ? 'USD' : row.currency;
  const sold = count(row.sold_modules);
  const cheapest = international ? row.min_inter_minor : row.min_local_minor;
  const hidePrice = sold > 0 && row.hide_price === 1;
  const free = !hidePrice && (sold === 0 || row.no_price === 1 || cheapest === null);
  const price = !hidePrice && !free && cheapest !== null ? toMajorUnits(Number(cheapest), currency) : null;
  return {
    ref: row.ref,
    title: row.title,
    cover: row.cover,
    profRef: row.prof_ref,
    profName: row.first_name,
    profLastName: row.last_name,
    profImg: row.img,
    profCountry: row.prof_country,
    modules: count(row.modules),
    lessons: count(row.lessons),
    freeModules: count(row.free_modules),
    certificate: row.certificate === 1,
    currency,
    price,
    priceText: price !== null ? moneyText(price, currency, viewer.countryId) : null,
    free,
    hidePrice,
  };
}

/** search-courses: one query per page; courses have no slots to look up. */
export async function searchCourses(deps: AppDeps, input: ParsedInputOf<'search-courses'>, viewer: Viewer) {
  const offset = input.next ?? 0;
  const text = input.text ? input.text.toLowerCase() : undefined;
  const rows = await findCourseCandidates(
    deps.db,
    {
      ...(text ? { text } : {}),
      ...(input.country !== undefined ? { country: input.country } : {}),
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
    },
    offset,
    coursePageSize + 1,
  );
  return {
    courses: rows.slice(0, coursePageSize).map((row) => toCourseResult(row, viewer)),
    next: rows.length > coursePageSize ? offset + coursePageSize : null,
  };
}
