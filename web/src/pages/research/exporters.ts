import { exportSizeLabel } from '@gnology/contracts';
import { renderAnswer } from './markdown';
import { markdownToText } from './plainText';

export type ExportFormat = 'txt' | 'json' | 'md' | 'pdf';

export interface ExportSource {
  content: string;
  timestamp: string;
  requestType: string;
  conversationTitle: string;
}

export function exportFileName(source: ExportSource, ext: string): string {
  const base = source.conversationTitle.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'Gene_answer';
  return `${base}_${source.timestamp.slice(0, 10)}.${ext}`;
}

/** The file content of each download format (the print view is built separately). */
export function exportContent(
  source: ExportSource,
  format: Exclude<ExportFormat, 'pdf'>,
): { text: string; type: string; ext: string } {
  if (format === 'txt') {
    return {
      text: `${source.conversationTitle}\nGene's answer, ${new Date(source.timestamp).toLocaleString()}\n\n${markdownToText(source.content)}\n`,
      type: 'text/plain;charset=utf-8',
      ext: 'txt',
    };
  }
  if (format === 'md') {
    return {
      text: `# ${source.conversationTitle}\n\n*Gene's answer, ${new Date(source.timestamp).toLocaleString()}*\n\n${source.content}\n`,
      type: 'text/markdown;charset=utf-8',
      ext: 'md',
    };
  }
  const json = {
    conversation: source.conversationTitle,
    exportedAt: new Date().toISOString(),
    message: {
      type: 'assistant',
      author: 'Gene',
      timestamp: source.timestamp,
      requestType: source.requestType,
      content: source.content,
      characters: source.content.length,
    },
  };
  return { text: `${JSON.stringify(json, null, 2)}\n`, type: 'application/json', ext: 'json' };
}

/** The print view: a clean page the browser prints or saves as PDF. */
export function printViewHtml(source: ExportSource): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(source.conversationTitle)} — Gene</title>
<style>body{font-family:Georgia,'Times New Roman',serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1c2a3a;line-height:1.6}h1{font-size:1.6rem}.meta{color:#4a5868;font-style:italic}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px}@media print{body{margin:0}}</style>
</head><body><h1>${esc(source.conversationTitle)}</h1><p class="meta">Gene's answer, ${esc(new Date(source.timestamp).toLocaleString())}</p><article>${renderAnswer(source.content)}</article></body></html>`;
}

export function sizeLabel(chars: number): string | null {
  const label = exportSizeLabel(chars);
  return label ? `${label === 'large' ? 'Large' : 'Medium'} export` : null;
}

export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}
