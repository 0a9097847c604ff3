// The spring-block view's CSV export (views/spring-view.js): the shown run, or while runs are
// compared every compared run in one file. Loaded with the export module the first time a CSV is
// exported.

import { downloadText, runsToCsv, runToCsv } from '../ui/export.js';

/**
 * Downloads `shown` ({result, request}) as CSV, alone, or first of the compared runs when `pinned`
 * (the other runs, each {result, request, label}) has any; `label` names the shown one among them.
 */
export function downloadRunsCsv(shown, label, pinned, catalog) {
  // Written out rather than imported from spring-settings.js: a module shared by the start-up bundle
  // and this chunk would become a start-up file of its own.
  const idOf = (request) => request.model ?? request.law;
  const context = (run) => {
    const id = idOf(run.request);
    const subject =
      catalog.models.find((model) => model.id === id) ?? catalog.laws.find((law) => law.id === id);
    return { ...run, subject, system: run.request.law ? catalog.system : null };
  };
  if (pinned.length > 0) {
    const runs = [{ ...shown, label }, ...pinned].map(context);
    downloadText(
      runsToCsv(runs, { version: catalog.version, columns: catalog.columns }),
      'friction-lab-comparison.csv',
    );
    return;
  }
  const { subject, system } = context(shown);
  downloadText(
    runToCsv(shown.result, {
      version: catalog.version,
      subject,
      system,
      columns: catalog.columns,
    }),
    `friction-lab-${idOf(shown.request)}.csv`,
  );
}
