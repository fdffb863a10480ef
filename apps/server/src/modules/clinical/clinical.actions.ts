import type { CieCode } from '@agendo/contract';
import { type ClinicalAreaDef, clinicalAreas } from '@agendo/contract/clinical-areas';
import { type Handler, handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { searchCie } from './cie10.index.ts';
import type { EntryRow } from './clinical.repository.ts';
import {
  deleteEntry,
  displayDate,
  type EntryPage,
  entryBase,
  filesOf,
  findAuditTrail,
  findEntries,
  requireCie,
  type SaveEntryRequest,
  saveEntry,
} from './clinical.service.ts';
import { printRecords } from './record-pdf.service.ts';

// spec 001 §6: every clinical action needs the contactsClinic permission in a corporate session.
const policy = 'professional:contactsClinic' as const;

/** The data set's codes and titles for a list; the client's descriptions are not trusted. */
function cieCodes(list: { cie10Code: string }[], errorCode: string): CieCode[] {
  const seen = new Set<string>();
  return list.flatMap(({ cie10Code }) => {
    const found = requireCie(cie10Code, errorCode);
    if (seen.has(found.code)) return [];
    seen.add(found.code);
    return [{ cie10Code: found.code, cie10Description: found.title }];
  });
}

type Values = Readonly<Record<string, unknown>>;
type Stored = Pick<SaveEntryRequest, 'kind' | 'entryDate' | 'payload' | 'files'>;

/**
 * What a save keeps, field by field of the area's description: the entry's kind and clinical
 * date, and a payload with the data set's CIE-10 titles and the files' refs. Each value is read
 * through its field's own schema (the one the input was parsed with), which types it.
 */
function stored(area: ClinicalAreaDef, values: Values): Stored {
  const payload: Record<string, unknown> = {};
  const entry: Stored = { kind: 0, entryDate: null, payload };
  for (const [name, field] of Object.entries(area.fields)) {
    const value = values[name];
    switch (field.kind) {
      case 'choice': {
        const chosen = field.schema.parse(value);
        if (field.entryKind) entry.kind = chosen;
        else payload[name] = chosen;
        break;
      }
      case 'date': {
        const day = field.schema.parse(value);
        if (field.entryDate) entry.entryDate = day;
        payload[name] = day;
        break;
      }
      case 'cie': {
        const code = field.schema.parse(value);
        const found = code ? requireCie(code, field.code) : null;
        payload.cie10Code = found?.code ?? null;
        payload.cie10Description = found?.title ?? null;
        break;
      }
      case 'cieList':
        payload.cieCodes = cieCodes(field.schema.parse(value), field.code);
        break;
      case 'files': {
        const chosen: { id: string }[] = field.schema.parse(value);
        const refs = [...new Set(chosen.map((f) => f.id))];
        payload.files = refs;
        entry.files = { refs, code: field.notOwned };
        break;
      }
      default:
        payload[name] = field.schema.parse(value);
    }
  }
  return entry;
}

const refsOf = (files: unknown) =>
  Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];

/** One entry as the area's find answers it (spec 001 §3), from its row and saved payload. */
function listed(area: ClinicalAreaDef, row: EntryRow, page: EntryPage): Record<string, unknown> {
  const payload: Values = JSON.parse(row.payload);
  const item: Record<string, unknown> = entryBase(row);
  for (const [name, field] of Object.entries(area.fields)) {
    switch (field.kind) {
      case 'choice':
        item[field.entryKind ? 'type' : name] = field.entryKind ? row.kind : payload[name];
        break;
      case 'date':
        if (field.listed) {
          item[name] = displayDate(String(payload[name]));
          item[`${name}NoFormat`] = payload[name];
        }
        break;
      case 'cie':
        item.cie10Code = payload.cie10Code ?? null;
        item.cie10Description = payload.cie10Description ?? null;
        break;
      case 'cieList':
        item.cieCodes = payload.cieCodes ?? [];
        break;
      case 'files':
        item.files = filesOf(page, refsOf(payload.files));
        break;
      default:
        item[name] = payload[name];
    }
  }
  return item;
}

const hasKinds = (area: ClinicalAreaDef) =>
  Object.values(area.fields).some((field) => field.kind === 'choice' && field.entryKind);

/** An area's find, save and delete: every read and write goes through the audited service. */
function areaHandlers(area: ClinicalAreaDef): Handler[] {
  return [
    handle(area.find.name, policy, async (input, ctx) => {
      // spec 001 §7: an area with kinds (the background: 1 personal, 2 familiar) lists one kind.
      const kind = hasKinds(area) && 'type' in input && input.type !== undefined ? Number(input.type) : null;
      const page = await findEntries(ctx, area.key, input.consId, input.next, kind);
      const items = page.rows.map((row) => listed(area, row, page));
      // Checked against the area's item shape here, which also types the answer.
      return { hasMore: page.hasMore, results: area.find.output.shape.results.parse(items) };
    }),
    handle(area.save.name, policy, async (input, ctx) =>
      saveEntry(ctx, { area: area.key, consId: input.consId, ref: input.ref, ...stored(area, input) }),
    ),
    handle(area.remove.name, policy, async (input, ctx) => {
      await deleteEntry(ctx, area.key, input.ref);
      return {};
    }),
  ];
}

export const clinicalHandlers: Handler[] = [
  ...clinicalAreas.flatMap(areaHandlers),

  // ——— CIE-10, record PDF, audit trail ———
  handle('find-code-cie', policy, async (input) => {
    // spec 001 §2.5: only results with a code can be added; every entry of the data set has one.
    const results = searchCie(input.search).map((e) => ({ id: e.code, code: e.code, title: e.title }));
    return { encontrado: results.length > 0, results };
  }),
  handle('print-records', policy, async (input, ctx) => {
    const file = await printRecords(ctx, input.ref);
    if (!file) throw new ActionError('E90');
    return { file };
  }),
  handle('find-audit-trail', policy, async (input, ctx) => findAuditTrail(ctx, input.consId, input.next)),
];
