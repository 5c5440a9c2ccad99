// The comparison page's script: the lines sorted by a column (a button in its header, keyboard too) and filtered by
// text and by cause, and the export buttons (the extension writes the file). The page is complete without it: the
// server-rendered tables hold every figure, largest contribution first; this only reorders, hides and asks.
interface Row {
  tr: HTMLTableRowElement;
  text: string;
  part: string;
  material: string;
  contribution: number;
  causes: string[];
}

type Key = 'part' | 'material' | 'contribution' | 'cause';

(() => {
  const api = acquireVsCodeApi();
  const table = document.getElementById('lines') as HTMLTableElement | null;
  const tools = document.getElementById('tools');
  const filter = document.getElementById('filter') as HTMLInputElement | null;
  const cause = document.getElementById('cause') as HTMLSelectElement | null;
  const status = document.getElementById('shown');
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-export]')) {
    button.addEventListener('click', () => api.postMessage({ type: 'export', kind: button.dataset.export }));
  }
  if (!table || !tools || !filter || !cause || !status) return;
  tools.hidden = false;
  const body = table.tBodies[0];
  const rows: Row[] = [...body.rows].map((tr) => ({
    tr,
    text: (tr.textContent ?? '').toLocaleLowerCase(),
    part: tr.dataset.part ?? '',
    material: tr.dataset.material ?? '',
    contribution: Number(tr.dataset.contribution ?? '0'),
    causes: (tr.dataset.causes ?? '').split(' ').filter((c) => c),
  }));
  const template = status.dataset.template ?? '{0} / {1}';

  const apply = (): void => {
    const words = filter.value.trim().toLocaleLowerCase();
    let shown = 0;
    for (const r of rows) {
      const visible = (!words || r.text.includes(words)) && (!cause.value || r.causes.includes(cause.value));
      r.tr.hidden = !visible;
      if (visible) shown++;
    }
    status.textContent = template.replace('{0}', String(shown)).replace('{1}', String(rows.length));
  };

  let sorted: { key: Key; descending: boolean } = { key: 'contribution', descending: true };
  const compare = (key: Key) => (x: Row, y: Row): number =>
    key === 'contribution' ? Math.abs(x.contribution) - Math.abs(y.contribution) : (key === 'cause' ? x.causes.join(' ') : x[key]).localeCompare(key === 'cause' ? y.causes.join(' ') : y[key]);
  const sort = (key: Key): void => {
    sorted = { key, descending: sorted.key === key ? !sorted.descending : key === 'contribution' };
    const order = [...rows].sort(compare(key));
    if (sorted.descending) order.reverse();
    for (const r of order) body.appendChild(r.tr);
    for (const th of table.tHead?.querySelectorAll<HTMLTableCellElement>('th') ?? []) {
      const button = th.querySelector<HTMLButtonElement>('button[data-sort]');
      if (!button) continue;
      th.setAttribute('aria-sort', button.dataset.sort === key ? (sorted.descending ? 'descending' : 'ascending') : 'none');
    }
  };
  for (const button of table.querySelectorAll<HTMLButtonElement>('button[data-sort]')) {
    button.addEventListener('click', () => sort(button.dataset.sort as Key));
  }
  filter.addEventListener('input', apply);
  cause.addEventListener('change', apply);
  apply();
})();
