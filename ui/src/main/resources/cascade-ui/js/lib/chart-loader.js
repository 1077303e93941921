// Loads Chart.js once, from the WebJar the gateway serves (org.webjars.npm:chart.js, no CDN): its UMD bundle defines
// globalThis.Chart. Resolved relative to this module so the console also works behind a path prefix.
export const CHART_JS_URL = new URL('../../webjars/chart.js/4.5.1/dist/chart.umd.js', import.meta.url).href;

let loading = null;

/** Resolves to the Chart constructor, with the console's fonts and colours as defaults. */
export function loadChart() {
  loading ??= import(CHART_JS_URL).then(() => {
    const { Chart } = globalThis;
    if (!Chart) throw new Error(`Chart.js did not load from ${CHART_JS_URL}`);
    const styles = getComputedStyle(document.documentElement);
    Chart.defaults.font.family = styles.getPropertyValue('--font').trim() || 'system-ui, sans-serif';
    Chart.defaults.font.size = 12;
    Chart.defaults.color = styles.getPropertyValue('--muted').trim() || '#6b7280';
    Chart.defaults.borderColor = styles.getPropertyValue('--border').trim() || '#e3e6eb';
    return Chart;
  }).catch((e) => {
    loading = null; // let a later mount try again
    throw e;
  });
  return loading;
}
