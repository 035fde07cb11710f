"""The corpus index page's template, kept in Python so it ships with the module (no package data).

It is rendered in an environment that also loads ``paipu/templates`` (the record report's
templates), so the index includes the report's ``_style.css`` and looks like its pages.
Its one input is ``m``, a `paipu.corpus.report.IndexModel`.
"""

from __future__ import annotations

INDEX_NAME = "corpus_index.html.j2"
SORT_NAME = "_corpus_sort.js"

INDEX_TEMPLATE = """\
{#- The corpus index. Its one input is `m`, a paipu.corpus.report.IndexModel. -#}
{% macro bars(c) %}
<figure class="chart bars">
<figcaption>{{ c.title }}</figcaption>
{% if c.bars %}
<svg xmlns="http://www.w3.org/2000/svg" width="{{ c.width }}" height="{{ c.height }}" \
viewBox="0 0 {{ c.width }} {{ c.height }}" role="img" aria-label="{{ c.title }}" preserveAspectRatio="xMinYMin meet">
{% for b in c.bars %}
<g><title>{{ b.title }}</title>
<text x="{{ c.label_right }}" y="{{ b.text_y }}" text-anchor="end">{{ b.label }}</text>
<rect class="{{ b.cls }}" x="{{ c.bar_left }}" y="{{ b.y }}" width="{{ b.width }}" height="{{ c.bar_height }}"></rect>
<text x="{{ b.count_x }}" y="{{ b.text_y }}">{{ b.count }}</text></g>
{% endfor %}
</svg>
{% else %}
<p class="muted">{{ c.empty }}</p>
{% endif %}
</figure>
{% endmacro %}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="paipu">
<title>{{ m.title }} · paipu</title>
<style>
{% include "_style.css" %}
table.records { width: 100%; }
table.records th { cursor: pointer; user-select: none; white-space: nowrap; }
table.records th[aria-sort="ascending"]::after { content: " \\25B2"; }
table.records th[aria-sort="descending"]::after { content: " \\25BC"; }
table.records td.path { min-width: 10em; overflow-wrap: anywhere; }
.charts > figure { min-width: 0; max-width: 100%; }
.bars svg { max-width: 100%; height: auto; }
.count.ok { background: #e6f4ea; color: #1b7a3d; }
.count.findings { background: var(--error-bg); color: var(--error); }
.count.failed { background: var(--warning-bg); color: var(--warning); }
.status { font-weight: 600; }
.status.ok { color: #1b7a3d; }
.status.findings { color: var(--error); }
.status.failed { color: var(--warning); }
.bars text { font-size: 12px; fill: var(--ink); }
.bars rect { fill: #2f6fd0; }
.bars rect.error { fill: var(--error); }
.bars rect.warning { fill: var(--warning); }
.bars rect.note { fill: var(--note); }
.charts { display: flex; flex-wrap: wrap; gap: 10px 40px; }
</style>
</head>
<body>
<header class="top" id="top">
<h1>{{ m.title }}</h1>
<p class="sub">{{ m.summary }}</p>
<p class="counts">
{% for c in m.counts %}
<span class="count {{ c.cls }}">{{ c.text }}</span>
{% endfor %}
</p>
</header>
<section class="summary" id="charts">
<h2>Charts</h2>
<div class="charts">
{{ bars(m.findings_chart) }}
{% for c in m.values_charts %}
{{ bars(c) }}
{% endfor %}
</div>
</section>
<section class="summary" id="records">
<h2>Records <small>{{ m.listed_note }}</small></h2>
<div class="scroll">
<table class="records" data-sortable>
<thead><tr>
{% for col in m.columns %}
<th data-type="{{ col.kind }}" scope="col">{{ col.title }}</th>
{% endfor %}
</tr></thead>
<tbody>
{% for r in m.records %}
<tr>
<td class="num" data-v="{{ r.id }}">{{ r.id }}</td>
<td class="path">{% if r.link %}<a href="{{ r.link }}">{{ r.path }}</a>{% else %}{{ r.path }}{% endif %}</td>
<td><span class="status {{ r.status }}">{{ r.status }}</span></td>
<td>{{ r.ruleset }}</td>
<td class="num" data-v="{{ r.hands }}">{{ r.hands }}</td>
<td class="num" data-v="{{ r.errors }}">{{ r.errors }}</td>
<td class="num" data-v="{{ r.warnings }}">{{ r.warnings }}</td>
<td class="num" data-v="{{ r.payments_differ }}">{{ r.payments_differ }}</td>
<td>{% for f in r.findings %}<code title="{{ f.title }}">{{ f.code }}</code>\
{% if f.count > 1 %} ×{{ f.count }}{% endif %}{% if not loop.last %}, {% endif %}{% endfor %}</td>
<td>{{ r.players }}</td>
</tr>
{% endfor %}
</tbody>
</table>
</div>
</section>
<footer class="foot"><p>paipu</p></footer>
<script>
{% include "_corpus_sort.js" %}
</script>
</body>
</html>
"""

SORT_SCRIPT = """\
document.querySelectorAll("table[data-sortable]").forEach(function (table) {
  var heads = table.querySelectorAll("thead th");
  heads.forEach(function (th, col) {
    th.addEventListener("click", function () {
      var down = th.getAttribute("aria-sort") === "ascending";
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      var numeric = th.getAttribute("data-type") === "num";
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col], y = b.cells[col], r;
        if (numeric) {
          r = Number(x.getAttribute("data-v")) - Number(y.getAttribute("data-v"));
        } else {
          r = x.textContent.localeCompare(y.textContent);
        }
        return down ? -r : r;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"""
