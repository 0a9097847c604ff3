// Settings of the page's first form (no `version`; saved or linked by the page before issue 26) into
// the current one (settings.js). Loaded only when such settings are found, and run once: the page
// writes them back in the current form at its next save, and its address then carries that form.
//
// The first form kept a second schema beside the engine's: model (a model or law id), overrides
// ({<modelId>: params}), system (the law runs' spring-block, shared by every law), lawOverrides
// ({<lawId>: params}), integrators ({<lawId>: id}), start ({mode, kick}), drive (a preset's or the
// editor's {system?: {v0, start}, protocol?, grid?, samples?}, merged into every law run), compare,
// charts; map {subject, overrides, system, start, kick, x, y}; presliding {law, overrides, protocol}.
// Each model and law becomes the scenario it ran as: the shown one the view's scenario, the others
// its kept scenarios (every law with the shared system and drive, as it ran then). Nothing is checked
// here: settings.js checks the result as it checks any saved settings, and reports what it drops.

/** A plain object (what JSON's {…} gives): its own copy of slices.js's, so that this module, loaded on
 * demand, shares no module with the page's start-up bundle (which would split it out as a file of its own). */
const isPlainObject = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOr = (value) => (isPlainObject(value) ? value : {});
/** `object`'s own value of `key` (never an inherited one: keys come from user-editable text). */
const own = (object, key) => (Object.hasOwn(object, key) ? object[key] : undefined);

/**
 * @param {object} old settings of the first form
 * @param {{models: {id: string}[]}} catalog the seed models (an id that is none of them is a law's)
 * @returns {object} the same settings in the current form (only the fields `old` had)
 */
export function migrateSettings(old, catalog) {
  const settings = { version: 2 };
  for (const key of ['view', 'explorer', 'fit']) if (key in old) settings[key] = old[key];
  const isModel = (id) => catalog.models.some((model) => model.id === id);
  const spring = migrateSpring(old, isModel);
  if (Object.keys(spring).length > 0) settings.spring = spring;
  if ('map' in old) settings.map = migrateMap(old.map, isModel);
  if ('presliding' in old) settings.presliding = migratePresliding(old.presliding);
  return settings;
}

/** The spring-block view's fields: its scenario, the others kept, the pinned runs and the charts. */
function migrateSpring(old, isModel) {
  const spring = {};
  const overrides = objectOr(old.overrides),
    lawOverrides = objectOr(old.lawOverrides),
    integrators = objectOr(old.integrators);
  const rig = sharedRun(old);
  const scenarioOf = (id) =>
    isModel(id)
      ? { model: id, params: own(overrides, id) ?? {} }
      : {
          law: id,
          params: own(lawOverrides, id) ?? {},
          integrator: own(integrators, id) ?? 'auto',
          ...structuredClone(rig),
        };
  if (old.model !== undefined) spring.scenario = scenarioOf(old.model);
  const others = new Set(
    [overrides, lawOverrides, integrators].flatMap((entries) => Object.keys(entries)),
  );
  others.delete(old.model);
  if (others.size > 0)
    spring.kept = Object.fromEntries([...others].map((id) => [id, scenarioOf(id)]));
  if (old.compare !== undefined) spring.compare = old.compare;
  if (old.charts !== undefined) spring.charts = old.charts;
  return spring;
}

/**
 * What every law ran on in the first form: the shared system, the start picker's start and kick,
 * and the drive merged over them (its system's v0 steps and start win, as they did).
 */
function sharedRun(old) {
  const start = objectOr(old.start),
    drive = objectOr(old.drive);
  let system = { ...objectOr(old.system) };
  const run = {};
  if (start.mode !== undefined && start.mode !== 'rest') system.start = start.mode;
  if (start.mode === 'steady' && start.kick !== undefined && start.kick !== 0)
    run.kick = start.kick;
  system = { ...system, ...objectOr(drive.system) };
  for (const key of ['protocol', 'grid', 'samples']) if (key in drive) run[key] = drive[key];
  return { system, ...run };
}

/** The map's request {scenario, x, y} and the other subjects' scenarios. */
function migrateMap(old, isModel) {
  if (!isPlainObject(old)) return old;
  const overrides = objectOr(old.overrides);
  // The first form's defaults for a law's map: a steady start with a kick of 0.01.
  const start = old.start ?? 'steady';
  const kick = start === 'steady' ? { kick: old.kick ?? 0.01 } : {};
  const scenarioOf = (id) =>
    isModel(id)
      ? { model: id, params: own(overrides, id) ?? {} }
      : {
          law: id,
          params: own(overrides, id) ?? {},
          system: { ...objectOr(old.system), start },
          ...kick,
        };
  const others = Object.keys(overrides).filter((id) => id !== old.subject);
  return {
    scenario: scenarioOf(old.subject),
    kept: Object.fromEntries(others.map((id) => [id, scenarioOf(id)])),
    x: old.x,
    y: old.y,
  };
}

/** The presliding view's request {law, params, protocol} and the other laws' values. */
function migratePresliding(old) {
  if (!isPlainObject(old)) return old;
  const overrides = objectOr(old.overrides);
  const others = Object.entries(overrides).filter(([id]) => id !== old.law);
  return {
    scenario: { law: old.law, params: own(overrides, old.law) ?? {}, protocol: old.protocol ?? {} },
    kept: Object.fromEntries(others.map(([id, params]) => [id, { law: id, params }])),
  };
}
