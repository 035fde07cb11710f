/* paipu report: each hand's table and timeline, drawn from the hand's data (paipu.reports.table):
   the table after the deal (data-t) and, for each step, its action and what it changed on the
   table (data-s; a step without "|" changed it as its verb does alone, `predict`). A hand is set
   up when it first comes near the screen, so a long session opens at once. Nothing here decides
   a rule: the data is what the engine did. Keys: left/right step, Home/End, n/p finding, j/k hand. */
(function () {
  "use strict";
  var P = PAIPU, W = P.words;
  var FACES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
  var BACK = 45, RED_KINDS = [4, 13, 22], DISCARDS = "dDqQ", SEATS = P.order;
  var byClass = {};
  P.faces.forEach(function (cls, f) { byClass[cls] = f; });

  function face(ch) { return ch === "x" ? BACK : FACES.indexOf(ch); }
  function kindOf(f) { return f >= 42 && f < 45 ? RED_KINDS[f - 42] : f; }
  function order(f) { return f === BACK ? 999 : f >= 42 ? 2 * kindOf(f) + 1 : 2 * f; }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function tileHtml(f, extra) {
    return '<i class="t ' + P.faces[f] + (extra || "") + '" role="img" aria-label="' + esc(P.names[f]) + '"></i>';
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function said(n) {
    var w = W.shanten_words.split("|");
    n = +n;
    return n < 0 ? w[0] : n === 0 ? w[1] : w[2].replace("{n}", n);
  }

  /* ---------------------------------------------------------------- the data */
  function parseToken(token) {
    var bar = token.indexOf("|"), action = bar < 0 ? token : token.slice(0, bar);
    var code = action.charAt(0) === "e" ? action.slice(0, 2) : action.charAt(0);
    var seat = action.charAt(code.length), rest = action.slice(code.length + 1), tilde = rest.indexOf("~");
    return { code: code, seat: seat, tiles: tilde < 0 ? rest : rest.slice(0, tilde),
             glyph: tilde < 0 ? -1 : +rest.slice(tilde + 1), ops: bar < 0 ? null : token.slice(bar + 1) };
  }

  function newState() {
    var st = { seats: {}, wallLeft: 0, turn: "-", marks: "", counters: [], wall: "", drawn: {} };
    SEATS.forEach(function (s) {
      st.seats[s] = { faces: [], backs: 0, drawn: "", river: [], melds: [], flowers: [], ready: false,
                      score: 0, change: "" };
      for (var f = 0; f < 45; f++) { st.seats[s].faces.push(0); }
    });
    return st;
  }

  function copyState(st) {
    var out = { seats: {}, wallLeft: st.wallLeft, turn: st.turn, marks: st.marks, counters: st.counters.slice(),
                wall: st.wall, drawn: {} };
    Object.keys(st.drawn).forEach(function (p) { out.drawn[p] = true; });
    SEATS.forEach(function (s) {
      var a = st.seats[s];
      out.seats[s] = { faces: a.faces.slice(), backs: a.backs, drawn: a.drawn, river: a.river.map(function (d) {
        return d.slice(); }), melds: a.melds.slice(), flowers: a.flowers.slice(), ready: a.ready, score: a.score,
        change: a.change };
    });
    return out;
  }

  /* What a step changes when its token has no ops: as paipu.reports.table.predicted. */
  function predict(st, t, hidden) {
    var tile = t.tiles.charAt(0), seat = t.seat;
    if (t.code === "w" && tile) {
      var place = -1;
      for (var p = 0; p < st.wall.length; p++) { if (!st.drawn[p]) { place = p; break; } }
      return "^" + seat + tile + "w" + (st.wallLeft - 1) + ";" + (place >= 0 ? "j" + place + ";" : "") +
        (st.turn !== seat ? "t" + seat : "");
    }
    var flags = DISCARDS.indexOf(t.code);
    if (flags >= 0 && tile) {
      var next = SEATS[(SEATS.indexOf(seat) + 1) % SEATS.length];
      return "-" + seat + (hidden[seat] ? "x" : tile) + ">" + seat + tile + flags + (flags & 2 ? "r" + seat + "1" : "") +
        (st.turn !== next ? "t" + next : "");
    }
    return "";
  }

  function number(ops, k) { var end = ops.indexOf(";", k); return [ops.slice(k, end), end + 1]; }

  function apply(st, ops) {
    var k = 0, n = ops.length, side, r, i;
    while (k < n) {
      var op = ops.charAt(k);
      if (op === "+" || op === "-" || op === "^") {
        side = st.seats[ops.charAt(k + 1)];
        k += 2;
        while (k < n && (FACES.indexOf(ops.charAt(k)) >= 0 || ops.charAt(k) === "x")) {
          var ch = ops.charAt(k);
          if (ch === "x") { side.backs += op === "-" ? -1 : 1; } else { side.faces[face(ch)] += op === "-" ? -1 : 1; }
          if (op === "^") { side.drawn = ch; }
          k += 1;
        }
      } else if (op === ">") {
        st.seats[ops.charAt(k + 1)].river.push([ops.charAt(k + 2), +ops.charAt(k + 3), false]);
        k += 4;
      } else if (op === "*") {
        var river = st.seats[ops.charAt(k + 1)].river;
        if (river.length) { river[river.length - 1][2] = true; }
        k += 2;
      } else if (op === "<") {
        st.seats[ops.charAt(k + 1)].river.pop();
        k += 2;
      } else if (op === "m" || op === "n") {
        side = st.seats[ops.charAt(k + 1)];
        k += 2;
        var at = -1;
        if (op === "n") { at = +ops.charAt(k); k += 1; }
        r = number(ops, k); k = r[1];
        if (at < 0) { side.melds.push(r[0]); } else { side.melds[at] = r[0]; }
      } else if (op === "o") {
        st.seats[ops.charAt(k + 1)].melds.splice(+ops.charAt(k + 2), 1);
        k += 3;
      } else if (op === "y") {
        side = st.seats[ops.charAt(k + 1)];
        k += 2;
        while (k < n && FACES.indexOf(ops.charAt(k)) >= 0) { side.flowers.push(ops.charAt(k)); k += 1; }
      } else if (op === "r") {
        st.seats[ops.charAt(k + 1)].ready = ops.charAt(k + 2) === "1";
        k += 3;
      } else if (op === "w") {
        r = number(ops, k + 1); k = r[1]; st.wallLeft = +r[0];
      } else if (op === "t") {
        st.turn = ops.charAt(k + 1); k += 2;
      } else if (op === "q") {
        r = number(ops, k + 1); k = r[1]; st.marks = r[0];
      } else if (op === "$") {
        side = st.seats[ops.charAt(k + 1)];
        r = number(ops, k + 2); k = r[1];
        i = r[0].indexOf(",");
        side.score = +(i < 0 ? r[0] : r[0].slice(0, i));
        side.change = i < 0 ? "" : r[0].slice(i + 1);
      } else if (op === "k") {
        i = FACES.indexOf(ops.charAt(k + 1));
        r = number(ops, k + 2); k = r[1]; st.counters[i] = +r[0];
      } else if (op === "~") {
        r = number(ops, k + 1); k = r[1]; st.wall = r[0];
      } else if (op === "j") {
        r = number(ops, k + 1); k = r[1]; st.drawn[+r[0]] = true;
      } else {
        throw new Error("an op the page does not know: " + op);
      }
    }
  }

  /* ---------------------------------------------------------------- one hand */
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.hand"));
  var hands = sections.map(function (sec, hi) { return { index: hi, sec: sec, ready: false, step: -1 }; });
  var current = 0;
  var hidden = {};
  SEATS.forEach(function (s) { hidden[s] = P.viewer !== "" && s !== P.viewer; });

  function steps(h) {
    var at = [], prev = null;
    (h.sec.getAttribute(h.attr) || "").split(" ").forEach(function (part) {
      if (!part) { return; }
      var k = part.indexOf("@");
      at[+part.slice(0, k)] = part.slice(k + 1);
    });
    var out = [];
    for (var i = 0; i <= h.last; i++) { if (at[i] !== undefined) { prev = at[i]; } out.push(prev); }
    return out;
  }

  function ensure(h) {
    if (h.ready) { return h; }
    var sec = h.sec;
    var data = sec.getAttribute("data-s") || "";
    h.tokens = data ? data.split(" ").map(parseToken) : [];
    h.last = h.tokens.length;
    h.table = sec.hasAttribute("data-t");
    h.dealer = sec.getAttribute("data-dl");
    h.wild = {};
    (sec.getAttribute("data-w") || "").split(" ").forEach(function (cls) {
      if (cls) { h.wild[byClass[cls]] = true; }
    });
    h.attr = "data-x"; h.analysis = steps(h);
    h.attr = "data-h"; h.heat = steps(h);
    /* The heat row: the percents of each step, and which of them each kind has, carried on. */
    h.heatPattern = [];
    var pattern = "";
    h.heat = h.heat.map(function (code, i) {
      if (!code) { h.heatPattern.push(pattern); return code; }
      var bar = code.indexOf("|");
      if (bar >= 0) { pattern = code.slice(bar + 1); code = code.slice(0, bar); }
      h.heatPattern.push(pattern);
      return code;
    });
    h.checkpoints = [];
    if (h.table) {
      var st = newState();
      apply(st, sec.getAttribute("data-t"));
      h.checkpoints[0] = copyState(st);
      h.state = st; h.at = 0;
    }
    build(h);
    h.ready = true;
    return h;
  }

  function stateAt(h, k) {
    if (k < h.at) {
      var c = Math.floor(k / 32) * 32;
      while (!h.checkpoints[c]) { c -= 32; }
      h.state = copyState(h.checkpoints[c]);
      h.at = c;
    }
    while (h.at < k) {
      var t = h.tokens[h.at], st = h.state;
      SEATS.forEach(function (s) { st.seats[s].drawn = ""; });
      apply(st, t.ops !== null ? t.ops : predict(st, t, hidden));
      h.at += 1;
      if (h.at % 32 === 0 && !h.checkpoints[h.at]) { h.checkpoints[h.at] = copyState(st); }
    }
    return h.state;
  }

  function chip(seat) {
    return '<span class="chip s' + seat + '">' + esc(P.seats[seat] ? P.seats[seat].chip : seat) + "</span>";
  }

  function build(h) {
    var sec = h.sec, play = sec.querySelector(".play");
    var ctl = el("div", "ctl");
    ctl.innerHTML = '<button type="button" class="first">«</button><button type="button" class="prev">◀</button>' +
      '<input type="range" min="0"><button type="button" class="next">▶</button><button type="button" class="last">»</button>' +
      '<span class="pos">' + esc(W.step) + ' <b class="k">0</b> / ' + h.last + "</span>";
    ctl.querySelector(".first").title = W.first + " (Home)";
    ctl.querySelector(".prev").title = W.prev + " (←)";
    ctl.querySelector(".next").title = W.next + " (→)";
    ctl.querySelector(".last").title = W.last + " (End)";
    h.range = ctl.querySelector("input");
    h.range.max = String(h.last);
    h.range.value = "0";
    h.range.setAttribute("aria-label", W.step);
    h.pos = ctl.querySelector(".pos .k");
    play.parentNode.insertBefore(ctl, play);
    var boardcol = el("div", "boardcol");
    play.appendChild(boardcol);
    if (h.table) { buildBoard(h, boardcol); } else { boardcol.appendChild(el("p", "noboard", W.no_table)); }
    h.tl = el("ol", "tl");
    h.tl.setAttribute("aria-label", W.timeline);
    play.appendChild(h.tl);
    buildTimeline(h);
    names(sec);
  }

  function buildBoard(h, col) {
    var sec = h.sec, board = el("div", "board"), tbl = el("div", "tbl n" + SEATS.length), center = el("div", "center");
    var info = el("div", "info");
    info.innerHTML = '<span class="wl"></span>';
    var wild = Object.keys(h.wild);
    if (wild.length) {
      var w = el("span");
      w.innerHTML = esc(W.wild) + " " + wild.map(function (f) { return tileHtml(+f, " w"); }).join("");
      info.appendChild(w);
    }
    var setup = sec.querySelector("p.setup");
    if (setup) {
      Array.prototype.slice.call(setup.children).forEach(function (s) { info.appendChild(s); });
      setup.parentNode.removeChild(setup);
    }
    h.counters = Array.prototype.slice.call(info.querySelectorAll(".su[data-k]"));
    h.secrets = Array.prototype.slice.call(info.querySelectorAll(".su[data-a]"));
    h.marks = el("span", "mk");
    info.appendChild(h.marks);
    center.appendChild(info);
    if (P.viewer) {
      h.an = el("div", "an");
      h.an.setAttribute("aria-live", "polite");
      center.appendChild(h.an);
    }
    tbl.appendChild(center);
    h.seats = {};
    SEATS.forEach(function (s) {
      var seat = el("div", "seat p-" + P.places[s] + " s" + s + (s === h.dealer ? " dealer" : "") +
        (s === P.viewer ? " viewer" : "") + (hidden[s] ? " hid" : ""));
      var who = el("div", "who");
      who.innerHTML = chip(s) + " <b></b>";
      who.querySelector("b").textContent = P.seats[s].name;
      if (P.seats[s].player) { who.appendChild(document.createTextNode(" " + P.seats[s].player)); }
      if (s === h.dealer) { who.appendChild(el("span", "tag dl", W.dealer)); }
      if (s === P.viewer) { who.appendChild(el("span", "tag you", W.you)); }
      var ready = el("span", "tag rd", W.ready), turn = el("span", "tag tn", W.turn);
      var score = el("span", "sc"), change = el("span", "chg");
      score.title = W.score;
      who.appendChild(ready); who.appendChild(turn); who.appendChild(score); who.appendChild(change);
      var river = el("div", "river"), row = el("div", "row"), conc = el("div", "conc"), melds = el("div", "melds");
      row.appendChild(conc); row.appendChild(melds);
      seat.appendChild(who); seat.appendChild(river); seat.appendChild(row);
      tbl.appendChild(seat);
      h.seats[s] = { box: seat, ready: ready, score: score, change: change, river: river, conc: conc, melds: melds };
    });
    board.appendChild(tbl);
    var legend = el("p", "legend");
    legend.innerHTML = '<span><i class="t bk tg"></i> ' + esc(W.tsumogiri) + '</span> <span><i class="t bk rdd"></i> ' +
      esc(W.ready_discard) + '</span> <span><i class="t bk c"></i> ' + esc(W.claimed) + "</span>" +
      (P.marks ? ' <span><i class="t bk bao"></i> ' + esc(W.marked) + "</span>" : "");
    board.appendChild(legend);
    var kinds = sec.querySelector("p.hk");
    if (kinds) {
      h.heatRow = el("div", "heat");
      h.heatRow.appendChild(el("div", "cap", W.heat));
      h.heatCells = Array.prototype.slice.call(kinds.children).map(function (t) {
        var cell = el("span", "hc");
        cell.appendChild(t.cloneNode(false));
        cell.appendChild(el("b"));
        h.heatRow.appendChild(cell);
        return cell;
      });
      board.appendChild(h.heatRow);
    }
    if (h.checkpoints[0].wall) {
      h.wallRow = el("div", "wall");
      h.wallRow.appendChild(el("div", "cap", W.wall_order));
      h.wallTiles = el("div");
      h.wallRow.appendChild(h.wallTiles);
      board.appendChild(h.wallRow);
    }
    col.appendChild(board);
  }

  function buildTimeline(h) {
    var rows = [], tokens = h.tokens, start = h.checkpoints[0];
    var deal = "";
    if (start) {
      SEATS.forEach(function (s) {
        var side = start.seats[s], faces = [];
        for (var f = 0; f < 45; f++) { for (var i = 0; i < side.faces[f]; i++) { faces.push(f); } }
        for (var b = 0; b < side.backs; b++) { faces.push(BACK); }
        faces.sort(function (a, c) { return order(a) - order(c); });
        deal += '<div class="dealrow">' + chip(s) + faces.map(function (f) { return tileHtml(f, wildCls(h, f)); }).join("") + "</div>";
      });
    }
    rows.push('<li class="st" id="' + h.sec.id + '-s0"><span class="v">' + esc(W.deal) + "</span>" + deal + "</li>");
    tokens.forEach(function (t, i) {
      var html = '<li class="st" id="' + h.sec.id + "-s" + (i + 1) + '">';
      if (t.seat !== "-") { html += chip(t.seat); }
      html += '<span class="v">' + esc(P.verbs[t.code] || t.code) + "</span>";
      for (var k = 0; k < t.tiles.length; k++) { var f = face(t.tiles.charAt(k)); html += tileHtml(f, wildCls(h, f)); }
      if (t.glyph >= 0) {
        html += '<span class="g" title="' + esc(P.glyphs[t.glyph]) + '">' + esc(["!", "?", "!!", "??", "!?", "?!"][t.glyph]) + "</span>";
      }
      rows.push(html + "</li>");
    });
    h.tl.innerHTML = rows.join("");
    h.rows = Array.prototype.slice.call(h.tl.children);
    var xs = h.sec.querySelector(".xs");
    Array.prototype.slice.call(xs.querySelectorAll("[data-s]")).forEach(function (item) {
      var row = h.rows[+item.getAttribute("data-s")];
      if (!row) { return; }
      if (item.classList.contains("d")) { row.appendChild(document.createTextNode(" ")); }
      row.appendChild(item);
      if (item.classList.contains("fd")) {
        ["error", "warning", "note"].some(function (sev) {
          if (!item.classList.contains(sev)) { return false; }
          var worst = row.getAttribute("data-v");
          if (!worst || ["error", "warning", "note"].indexOf(sev) < ["error", "warning", "note"].indexOf(worst)) {
            row.setAttribute("data-v", sev);
          }
          return true;
        });
      }
    });
    h.rows.forEach(function (row) { if (row.hasAttribute("data-v")) { row.classList.add(row.getAttribute("data-v")); } });
  }

  function wildCls(h, f) { return h.wild[kindOf(f)] ? " w" : ""; }

  /* Every tile gets its name: the accessible name, and the tooltip (on hover); every rule cited
     without its text, its text as a tooltip. */
  function names(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".rl:not([title])"), function (r) {
      var text = P.rules[r.textContent];
      if (text) { r.title = text; }
    });
    Array.prototype.forEach.call(root.querySelectorAll(".t:not([aria-label])"), function (t) {
      for (var i = 0; i < t.classList.length; i++) {
        var f = byClass[t.classList[i]];
        if (f !== undefined) {
          t.setAttribute("role", "img");
          t.setAttribute("aria-label", t.getAttribute("title") || P.names[f]);
          break;
        }
      }
    });
  }

  function meldHtml(h, seat, code, marks) {
    var kind = code.charAt(0), source = code.charAt(1), html = "", sideways = false;
    for (var i = 2; i < code.length; i++) {
      var ch = code.charAt(i);
      if (ch === "^") { sideways = true; continue; }
      var f = face(ch);
      html += tileHtml(f, (sideways ? " sd" : "") + wildCls(h, f) + markCls(marks, f));
      sideways = false;
    }
    var label = P.melds[kind] || kind, names = { c: "chow", p: "pong", k: "kong", a: "ankong", b: "addkong" };
    var from = source !== "." ? " ← " + source : "";
    var who = source !== "." ? " · " + W.from + " " + (P.seats[source] ? P.seats[source].name : source) : "";
    return '<span class="meld ' + (names[kind] || "") + '" title="' + esc(label + who) +
      '"><span class="mt">' + html + "</span><small>" + esc(label + from) + "</small></span>";
  }

  function markCls(marks, f) { return f !== BACK && marks.indexOf(FACES.charAt(kindOf(f))) >= 0 ? " bao" : ""; }

  function show(h, k, scroll) {
    ensure(h);
    k = Math.max(0, Math.min(h.last, k));
    if (k === h.step) { return; }
    if (h.table) { draw(h, k, stateAt(h, k)); }
    if (h.step >= 0 && h.rows[h.step]) { h.rows[h.step].classList.remove("cur"); }
    var row = h.rows[k];
    row.classList.add("cur");
    h.step = k;
    h.range.value = String(k);
    h.pos.textContent = String(k);
    if (scroll) {
      var top = row.offsetTop, bottom = top + row.offsetHeight;
      if (top < h.tl.scrollTop || bottom > h.tl.scrollTop + h.tl.clientHeight) {
        h.tl.scrollTop = Math.max(0, top - h.tl.clientHeight / 3);
      }
    }
  }

  function draw(h, k, st) {
    var marks = st.marks;
    h.sec.querySelector(".board .wl").textContent = W.wall + ": " + W.wall_left.replace("{n}", st.wallLeft);
    h.counters.forEach(function (c) { c.querySelector("b").textContent = st.counters[+c.getAttribute("data-k")]; });
    h.secrets.forEach(function (c) { c.hidden = k < +c.getAttribute("data-a"); });
    h.marks.innerHTML = marks ? esc(W.marked) + " " + marks.split("").map(function (ch) { return tileHtml(face(ch)); }).join("") : "";
    SEATS.forEach(function (s) {
      var side = st.seats[s], box = h.seats[s], faces = [], f, i;
      box.box.classList.toggle("turn", st.turn === s);
      box.ready.hidden = !side.ready;
      box.score.textContent = side.score;
      box.change.textContent = side.change === "0" ? "±0" : side.change;
      box.change.className = "chg" + (side.change.charAt(0) === "+" ? " up" : side.change.charAt(0) === "-" ? " down" : "");
      var drawn = side.drawn ? face(side.drawn) : -1;
      for (f = 0; f < 45; f++) { for (i = 0; i < side.faces[f]; i++) { faces.push(f); } }
      var backs = side.backs - (drawn === BACK ? 1 : 0);
      for (i = 0; i < backs; i++) { faces.push(BACK); }
      if (drawn >= 0 && drawn !== BACK) { faces.splice(faces.indexOf(drawn), 1); }
      faces.sort(function (a, b) { return order(a) - order(b); });
      var html = faces.map(function (f) { return tileHtml(f, wildCls(h, f) + markCls(marks, f)); }).join("");
      if (drawn >= 0) { html += tileHtml(drawn, " nw" + wildCls(h, drawn) + markCls(marks, drawn)); }
      box.conc.innerHTML = html;
      box.river.innerHTML = side.river.map(function (d) {
        var f = face(d[0]);
        return tileHtml(f, wildCls(h, f) + (d[1] & 1 ? " tg" : "") + (d[1] & 2 ? " rdd" : "") + (d[2] ? " c" : ""));
      }).join("");
      box.melds.innerHTML = side.melds.map(function (m) { return meldHtml(h, s, m, marks); }).join("") +
        side.flowers.map(function (ch) { return tileHtml(face(ch), " fl"); }).join("");
    });
    if (h.wallRow) {
      var wall = "";
      for (var p = 0; p < st.wall.length; p++) {
        var wf = face(st.wall.charAt(p));
        wall += tileHtml(wf, wildCls(h, wf) + (st.drawn[p] ? " off" : ""));
      }
      h.wallTiles.innerHTML = wall;
    }
    if (h.an) { analysis(h.an, h.analysis[k]); }
    if (h.heatCells) {
      var heat = h.heat[k] ? h.heat[k].split(",") : [], which = h.heatPattern[k] || "";
      h.heatCells.forEach(function (cell, i) {
        var pct = heat[FACES.indexOf(which.charAt(i))] || "0";
        cell.style.setProperty("--p", pct);
        cell.querySelector("b").textContent = pct + "%";
      });
    }
  }

  /* The viewed seat's shanten, its best effective tiles or its best discards:
     "shanten|face:unseen,…|face:shanten:unseen:kinds,…|kinds:unseen" (the effective kinds left out). */
  function analysis(box, code) {
    var parts = code ? code.split("|") : ["", "", "", ""];
    var html = '<div class="sh">' + esc(W.shanten) + ": <b>" + esc(code ? said(parts[0]) : "–") + "</b></div>";
    if (parts[1]) {
      html += '<div class="ef"><span class="cap">' + esc(W.effective) + "</span> " + parts[1].split(",").map(function (e) {
        var kn = e.split(":");
        return '<span class="e">' + tileHtml(face(kn[0])) + "<b>" + esc(kn[1]) + "</b></span>";
      }).join("");
      if (parts[3]) {
        var more = parts[3].split(":");
        html += ' <span class="more">' + esc(W.more.replace("{n}", more[0]).replace("{u}", more[1])) + "</span>";
      }
      html += "</div>";
    }
    if (parts[2]) {
      html += '<table class="bd"><thead><tr><th>' + esc(W.best) + "</th><th>" + esc(W.after) + '</th><th class="num">' +
        esc(W.unseen) + "</th></tr></thead><tbody>" + parts[2].split(",").map(function (d) {
          var f = d.split(":");
          return "<tr><td>" + tileHtml(face(f[0])) + "</td><td>" + esc(said(f[1])) + '</td><td class="num">' + esc(f[2]) +
            " <small>(" + esc(f[3]) + ")</small></td></tr>";
        }).join("") + "</tbody></table>";
    }
    box.innerHTML = html;
  }

  /* ---------------------------------------------------------------- moving around */
  function setCurrent(hi) {
    if (hands[current]) { hands[current].sec.classList.remove("current"); }
    current = hi;
    hands[hi].sec.classList.add("current");
  }

  function go(hi, k) {
    var h = hands[hi];
    if (!h) { return; }
    setCurrent(hi);
    show(h, k, true);
    try { history.replaceState(null, "", "#" + h.sec.id + "-s" + h.step); } catch (e) { /* file: URLs may refuse */ }
  }

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 60 && r.top < window.innerHeight - 60;
  }

  /* The hand the keys act on: the current one while it is on screen, else the first in view. */
  function active() {
    if (hands[current] && inView(hands[current].sec)) { return current; }
    for (var i = 0; i < hands.length; i++) { if (inView(hands[i].sec)) { return i; } }
    return current;
  }

  var findings = Array.prototype.slice.call(document.querySelectorAll("section.hand .fd[data-s]")).map(function (el) {
    return { el: el, hand: sections.indexOf(el.closest("section.hand")), step: +el.getAttribute("data-s") };
  });

  function jumpFinding(dir) {
    var hi = active(), h = hands[hi], k = h && h.step >= 0 ? h.step : 0, target = null;
    for (var i = 0; i < findings.length; i++) {
      var f = dir > 0 ? findings[i] : findings[findings.length - 1 - i];
      var after = f.hand > hi || (f.hand === hi && f.step > k);
      var before = f.hand < hi || (f.hand === hi && f.step < k);
      if ((dir > 0 && after) || (dir < 0 && before)) { target = f; break; }
    }
    if (!target) { return; }
    go(target.hand, target.step);
    var r = hands[target.hand].sec.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight * 0.5) { hands[target.hand].sec.scrollIntoView({ block: "start" }); }
    target.el.classList.remove("hit");
    void target.el.offsetWidth;
    target.el.classList.add("hit");
  }

  /* A link to a step (#h2-s14), a finding (#f3) or a hand (#h2): open that hand there. */
  function fromHash(scroll) {
    var id = decodeURIComponent(location.hash.slice(1)), m = /^h(\d+)-s(\d+)$/.exec(id), hi = -1, k = 0;
    if (m) {
      hi = +m[1] - 1; k = +m[2];
    } else {
      var target = id ? document.getElementById(id) : null, sec = target ? target.closest("section.hand") : null;
      if (!sec) { return false; }
      hi = sections.indexOf(sec);
      k = target.hasAttribute("data-s") ? +target.getAttribute("data-s") : 0;
    }
    if (!hands[hi]) { return false; }
    go(hi, k);
    if (scroll) {
      var el = document.getElementById(id);
      (el && el.closest(".tl") ? hands[hi].sec : el || hands[hi].sec).scrollIntoView({ block: "start" });
    }
    return true;
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest || t.closest("a, summary")) { return; }
    var sec = t.closest("section.hand");
    if (!sec) { return; }
    var hi = sections.indexOf(sec), h = hands[hi];
    if (!h.ready) { return; }
    var button = t.closest(".ctl button");
    if (button) {
      var c = button.className;
      go(hi, c === "first" ? 0 : c === "last" ? h.last : h.step + (c === "next" ? 1 : -1));
      return;
    }
    var row = t.closest("ol.tl > li.st");
    if (row) { go(hi, h.rows.indexOf(row)); }
  });
  document.addEventListener("input", function (e) {
    var t = e.target;
    if (t.type !== "range" || !t.closest(".ctl")) { return; }
    go(sections.indexOf(t.closest("section.hand")), +t.value);
  });
  /* A tile's name as its tooltip, given when the pointer first reaches it. */
  document.addEventListener("mouseover", function (e) {
    var t = e.target;
    if (t.classList && t.classList.contains("t") && !t.title && t.getAttribute("aria-label")) {
      t.title = t.getAttribute("aria-label");
    }
  });

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target;
    var onRange = t && t.tagName === "INPUT" && t.type === "range";
    if (t && !onRange && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) { return; }
    var hi = active(), h = hands[hi];
    switch (e.key) {
      case "ArrowRight": case "ArrowLeft":
        if (onRange || !h) { return; }
        ensure(h);
        go(hi, h.step + (e.key === "ArrowRight" ? 1 : -1));
        break;
      case "Home": if (!h) { return; } go(hi, 0); break;
      case "End": if (!h) { return; } go(hi, ensure(h).last); break;
      case "n": jumpFinding(1); break;
      case "p": jumpFinding(-1); break;
      case "j": case "k":
        var next = Math.max(0, Math.min(hands.length - 1, hi + (e.key === "j" ? 1 : -1)));
        if (!hands[next]) { return; }
        go(next, hands[next].step >= 0 ? hands[next].step : 0);
        hands[next].sec.scrollIntoView({ block: "start" });
        break;
      default: return;
    }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () { fromHash(true); });
  /* The browser scrolls to the linked element once the page has loaded; then show its hand. */
  window.addEventListener("load", function () { if (location.hash) { fromHash(true); } });
  /* Printed, every hand is drawn, at the step chosen (its deal if none was). */
  window.addEventListener("beforeprint", function () { hands.forEach(function (h) { if (h.step < 0) { show(h, 0, false); } }); });

  names(document);
  /* Every hand opens at its deal: the first at once, the others as they come near the screen. */
  if (hands.length) { show(hands[0], 0, false); }
  if (!fromHash(false) && hands.length) { setCurrent(0); }
  if ("IntersectionObserver" in window) {
    var seen = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        var h = hands[sections.indexOf(entry.target)];
        if (entry.isIntersecting && h.step < 0) { show(h, 0, false); }
      });
    }, { rootMargin: "400px 0px" });
    sections.forEach(function (sec) { seen.observe(sec); });
  } else {
    hands.forEach(function (h) { if (h.step < 0) { show(h, 0, false); } });
  }
})();
