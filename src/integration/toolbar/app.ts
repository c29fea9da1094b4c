/// <reference lib="dom" />
// The dev toolbar app: what the request-time pass gave this page, read from the JSON island it left in the head.
// Runs in the browser; every value is escaped before it reaches the DOM.
import type { DevToolbarApp } from 'astro';
import { escapeAttribute, escapeText } from '../../head/escape.ts';
import { plural } from '../../plural.ts';
import { PREVIEW_CSS, renderSearchPreview, renderSocialPreview } from '../../report/previews.ts';
import { readableUrl } from '../../url-forms.ts';
import { issuePlace } from '../../validate/node-label.ts';
import type { PageInspection } from './inspection.ts';
import { INSPECTION_ELEMENT_ID } from './meta.ts';

type Listed = PageInspection['findings'][number];

function readInspection(): PageInspection | null {
  const island = document.getElementById(INSPECTION_ELEMENT_ID);
  if (!island?.textContent) return null;
  try {
    return JSON.parse(island.textContent) as PageInspection;
  } catch {
    return null;
  }
}

function findingList(findings: Listed[]): string {
  if (findings.length === 0) return '';
  return `<ul class="findings">${findings
    .map(
      (finding) =>
        `<li class="finding sev-${escapeAttribute(finding.severity)}"><span class="sev">${escapeText(finding.severity)}</span> <code>${escapeText(finding.code)}</code>${finding.path ? ` at <code>${escapeText(issuePlace(finding))}</code>` : ''}: ${escapeText(finding.message)}</li>`,
    )
    .join('')}</ul>`;
}

function render(inspection: PageInspection | null): string {
  if (!inspection) {
    return '<p class="empty">No head data for this page: it is excluded, the integration\'s <code>dev</code> option is off, or the page is not HTML.</p>';
  }
  const all = [...inspection.findings, ...inspection.documents.flatMap((document) => document.findings)];
  const count = (severity: string) => all.filter((finding) => finding.severity === severity).length;
  const tags = Object.entries(inspection.tags)
    .filter(([key]) => key !== 'meta:charset')
    .map(
      ([key, values]) =>
        `<tr><th>${escapeText(key)}</th><td>${values.map((value) => escapeText(value)).join('<br>')}</td></tr>`,
    )
    .join('');
  const facts = {
    url: inspection.url,
    ...inspection.preview,
    ogImage: servedHere(inspection.preview.ogImage, inspection.url),
  };
  return `
<header><h2>Schema Manager</h2><p><code>${escapeText(readableUrl(inspection.url))}</code>${inspection.cmsUrl !== inspection.url ? ` (CMS: <code>${escapeText(readableUrl(inspection.cmsUrl))}</code>)` : ''}</p>
<p class="counts"><span class="sev-error">${plural(count('error'), 'error')}</span> · <span class="sev-warning">${plural(count('warning'), 'warning')}</span> · ${inspection.documents.length} JSON-LD</p></header>
${inspection.error ? `<p class="error">Head data not added: ${escapeText(inspection.error)}</p>` : ''}
${findingList(inspection.findings)}
<section><h3>JSON-LD</h3>${
    inspection.documents
      .map(
        (document) =>
          `<details class="document"${document.findings.some((finding) => finding.severity === 'error') ? ' open' : ''}><summary>${escapeText(document.label)} <a href="${escapeAttribute(document.href)}" target="_blank" rel="noopener">open in the API</a></summary>${findingList(document.findings)}<pre>${escapeText(document.json)}</pre></details>`,
      )
      .join('') || '<p class="empty">The CMS has no schema for this page.</p>'
  }</section>
<section><h3>Previews</h3><div class="previews">${renderSearchPreview(facts)}${renderSocialPreview(facts, true)}</div></section>
<section><h3>Meta and social tags</h3><table>${tags}</table></section>`;
}

/**
 * An image on the site's own address, as this dev server has it: the deployed site may not have it yet (a new
 * file in public/), or have an older one, or not be reachable from here. Other images load from where they are.
 */
function servedHere(image: string | null, pageUrl: string): string | null {
  if (!image) return image;
  try {
    const url = new URL(image, pageUrl);
    return url.origin === new URL(pageUrl).origin ? `${location.origin}${url.pathname}${url.search}` : image;
  } catch {
    return image;
  }
}

const STYLE = `
astro-dev-toolbar-window{max-height:70vh;overflow:auto;width:min(900px,92vw)}
h2{margin:0 0 4px;font-size:18px}h3{font-size:15px;margin:16px 0 6px}
p{margin:4px 0}code{font-size:12px}
.sev-error,.finding.sev-error .sev{color:#ff6b6b}.sev-warning,.finding.sev-warning .sev{color:#ffc14d}.finding.sev-info .sev{color:#7cb7ff}
.findings{padding-left:16px;margin:6px 0}.finding{margin:3px 0}
.error{color:#ff6b6b}.empty{opacity:.75}
details.document{margin:6px 0}summary{cursor:pointer}summary a{color:#b89cff;margin-left:8px;font-size:12px}
pre{background:#0d1117;color:#e6edf3;padding:8px;border-radius:6px;overflow:auto;max-height:320px;font-size:12px}
.previews{display:flex;gap:16px;flex-wrap:wrap;background:#fff;padding:8px;border-radius:6px}
table{border-collapse:collapse;font-size:12px}th{text-align:left;padding:2px 8px 2px 0;vertical-align:top;white-space:nowrap}td{overflow-wrap:anywhere}
`;

// Typed, not wrapped in astro/toolbar's defineToolbarApp (which returns its argument): a runtime import that Vite
// may discover late and re-optimise mid-session, failing the app's load with "Outdated Optimize Dep".
const schemaManagerApp: DevToolbarApp = {
  init(canvas, app) {
    const show = (): void => {
      const inspection = readInspection();
      canvas.innerHTML = `<style>${STYLE}${PREVIEW_CSS}</style><astro-dev-toolbar-window>${render(inspection)}</astro-dev-toolbar-window>`;
      const errors = inspection
        ? [...inspection.findings, ...inspection.documents.flatMap((document) => document.findings)].some(
            (finding) => finding.severity === 'error',
          ) || inspection.error !== null
        : false;
      app.toggleNotification(errors ? { state: true, level: 'error' } : { state: false });
    };
    show();
    // A view transition swaps the head without reloading the app.
    document.addEventListener('astro:after-swap', show);
  },
};

export default schemaManagerApp;
