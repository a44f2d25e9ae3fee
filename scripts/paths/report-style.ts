/** The report page's stylesheet, inlined so the file opens anywhere without a network. */
export const reportStyle = `
:root { --ok: #2e7d32; --ok-bg: #eef7ee; --miss: #c62828; --miss-bg: #fdecea; --on: #1565c0;
  --ink: #1d232a; --muted: #5f6b76; --line: #d5dbe1; font-family: system-ui, sans-serif; color: var(--ink); }
body { margin: 0; background: #f6f8fa; }
header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);
  padding: 10px 20px; display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; }
header h1 { font-size: 18px; margin: 0; }
header .overall { color: var(--muted); font-size: 13px; }
header input[type=search] { font: inherit; padding: 4px 8px; width: 260px; border: 1px solid var(--line); border-radius: 6px; }
header label { font-size: 13px; }
nav { padding: 8px 20px; display: flex; flex-wrap: wrap; gap: 6px; font-size: 13px; }
nav a { text-decoration: none; color: var(--ink); background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 2px 10px; }
nav a.incomplete { border-color: var(--miss); color: var(--miss); }
.legend { font-size: 12px; color: var(--muted); display: flex; gap: 12px; align-items: center; }
.legend i { display: inline-block; width: 14px; height: 10px; border: 2px solid; border-radius: 3px; vertical-align: middle; margin-right: 4px; }
.legend .ok { border-color: var(--ok); background: var(--ok-bg); }
.legend .miss { border-color: var(--miss); background: var(--miss-bg); border-style: dashed; }
.legend .on { border-color: var(--on); background: #e3f0fd; }
section.machine { background: #fff; margin: 12px 20px; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
section.machine h2 { margin: 0 0 2px; font-size: 17px; }
.meta { color: var(--muted); font-size: 12px; margin-bottom: 8px; }
.meta .bad { color: var(--miss); font-weight: 600; }
.columns { display: flex; gap: 16px; align-items: flex-start; }
.diagram { flex: 0 1 auto; max-width: 60%; overflow: auto; max-height: 78vh; border: 1px solid var(--line); border-radius: 6px; background: #fcfdfe; }
.paths { flex: 1 1 340px; min-width: 300px; max-height: 78vh; overflow: auto; font-size: 13px; }
.paths h3 { font-size: 13px; margin: 0 0 6px; color: var(--muted); font-weight: 600; }
body[data-strategy=shortest] [data-strategy=simple], body[data-strategy=simple] [data-strategy=shortest] { display: none; }
ol.path-list { list-style: none; padding: 0; margin: 0; }
li.path { border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; margin-bottom: 6px; cursor: pointer; }
li.path:hover { border-color: var(--on); }
li.path.selected { border-color: var(--on); background: #f0f6fd; box-shadow: 0 0 0 1px var(--on); }
li.path .title { font-weight: 600; }
li.path ol { margin: 4px 0 0; padding-left: 22px; }
li.path li { margin: 2px 0; }
.ev { font-family: ui-monospace, monospace; font-size: 12px; }
.st { font-weight: 600; }
.asserts { display: block; color: var(--muted); font-size: 12px; }
details { margin-top: 10px; font-size: 13px; }
table { border-collapse: collapse; margin: 6px 0; }
td, th { border-bottom: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
.hidden { display: none !important; }
/* A wide chart shrinks to its column rather than hiding half of itself behind a scrollbar. */
svg.chart { display: block; max-width: 100%; height: auto; }
svg.chart text { font-family: system-ui, sans-serif; fill: var(--ink); }
svg.chart .name { font-size: 12px; font-weight: 600; }
svg.chart .detail { font-size: 11px; fill: var(--muted); }
svg.chart .state > rect { stroke-width: 1.6; }
svg.chart .state.covered > rect { stroke: var(--ok); fill: var(--ok-bg); }
svg.chart .state.compound.covered > rect { fill: rgba(46,125,50,.04); }
svg.chart .state.missing > rect { stroke: var(--miss); fill: var(--miss-bg); stroke-dasharray: 5 3; }
svg.chart .state.region > rect { stroke-dasharray: 6 4; }
svg.chart .state rect.inner { fill: none; }
svg.chart .init { fill: var(--ink); }
svg.chart .init-arrow { fill: none; stroke: var(--ink); stroke-width: 1.2; }
svg.chart .edge path { fill: none; stroke-width: 1.4; }
svg.chart .edge.covered path { stroke: #44505c; }
svg.chart .edge.missing path { stroke: var(--miss); stroke-dasharray: 5 3; }
svg.chart .edge .label-bg { fill: #fff; fill-opacity: .88; }
svg.chart .edge .event { font-size: 11px; }
svg.chart .edge .guard { font-size: 11px; fill: #6a4c93; font-style: italic; }
svg.chart.highlighting .state, svg.chart.highlighting .edge { opacity: .28; }
svg.chart.highlighting .on-path { opacity: 1; }
svg.chart .state.on-path > rect { stroke: var(--on); stroke-width: 3; }
svg.chart .edge.on-path path { stroke: var(--on); stroke-width: 3; }
svg.chart .edge.on-path .event { font-weight: 700; fill: var(--on); }
`;
