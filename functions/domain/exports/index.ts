/**
 * Exports: a wedding's records taken away whole (issue 33, docs/decisions/0065-wedding-export.md):
 * the zip of CSV files its couple and partners download (wedding-export.ts). Above guests and
 * weddings (it writes the guest list's own file and asks weddings who may), so it is an area of its
 * own rather than a file of either (docs/decisions/0039-domain-areas.md: areas import one way).
 *
 * This file is the area's only face: code outside functions/domain/exports/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { WEDDING_EXPORT_FILES, WEDDING_EXPORT_MESSAGES, weddingExport, type WeddingExport, type WeddingExportFile } from "./wedding-export.ts";
