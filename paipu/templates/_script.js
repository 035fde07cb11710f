/* paipu report: step through each hand. The page is complete without this script; it only
   shows or hides what is already there (the table at the chosen step) and moves between
   steps, findings and hands. Keys: left/right step, Home/End, n/p finding, j/k hand.
   A hand is set up when it first comes into view, so that a long session opens quickly. */
(function () {
  "use strict";
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.hand"));
  var hands = sections.map(function (sec, hi) { return { index: hi, sec: sec, ready: false, step: -1 }; });
  var current = 0;

  function stepOf(row) { return +row.id.slice(row.id.lastIndexOf("-s") + 2); }

  function ensure(h) {
    if (h.ready) { return h; }
    var sec = h.sec;
    h.rows = Array.prototype.slice.call(sec.querySelectorAll("ol.tl > li.st"));
    h.items = Array.prototype.slice.call(sec.querySelectorAll(".board [data-a]")).map(function (el) {
      return {
        el: el,
        a: +el.getAttribute("data-a"),
        z: el.hasAttribute("data-z") ? +el.getAttribute("data-z") : Infinity,
        c: el.hasAttribute("data-c") ? +el.getAttribute("data-c") : -1,
        d: el.hasAttribute("data-d")
      };
    });
    h.last = h.rows.length - 1;
    h.seats = Array.prototype.slice.call(sec.querySelectorAll(".board .seat"));
    h.wl = sec.querySelector(".board .wl");
    h.bao = sec.querySelector(".board .bao");
    h.heat = Array.prototype.slice.call(sec.querySelectorAll(".board .heat .hc"));
    h.an = sec.querySelector(".board .an");
    /* The heat row and the analysis are written only at the steps where they change. */
    var heat = null, an = null;
    h.heatAt = []; h.anAt = [];
    h.rows.forEach(function (row) {
      if (row.hasAttribute("data-h")) { heat = row.getAttribute("data-h"); }
      if (row.hasAttribute("data-x")) { an = row.getAttribute("data-x"); }
      h.heatAt.push(heat); h.anAt.push(an);
    });
    h.tl = sec.querySelector("ol.tl");
    h.range = sec.querySelector(".ctl input[type=range]");
    h.pos = sec.querySelector(".ctl .pos .k");
    h.ready = true;
    return h;
  }

  function show(h, k, scroll) {
    ensure(h);
    k = Math.max(0, Math.min(h.last, k));
    if (k === h.step) { return; }
    h.items.forEach(function (it) {
      var on = it.a <= k && k < it.z;
      it.el.classList.toggle("off", !on);
      if (it.c >= 0) { it.el.classList.toggle("c", on && k >= it.c); }
      if (it.d) { it.el.classList.toggle("nw", on && it.a === k); }
    });
    var row = h.rows[k];
    if (h.wl && row.hasAttribute("data-w")) { h.wl.textContent = row.getAttribute("data-w"); }
    var turn = row.getAttribute("data-t");
    h.seats.forEach(function (s) { s.classList.toggle("turn", s.getAttribute("data-seat") === turn); });
    var bao = row.getAttribute("data-b");
    Array.prototype.forEach.call(h.sec.querySelectorAll(".board .t.bao"), function (t) { t.classList.remove("bao"); });
    if (h.bao) {
      h.bao.hidden = !bao;
      if (bao) {
        h.bao.querySelector(".t").className = "t " + bao;
        (row.getAttribute("data-bk") || bao).split(" ").forEach(function (k) {
          Array.prototype.forEach.call(h.sec.querySelectorAll(".board .seat .t." + k), function (t) { t.classList.add("bao"); });
        });
      }
    }
    if (h.heat.length && h.heatAt[k]) {
      h.heatAt[k].split(",").forEach(function (p, i) {
        var c = h.heat[i];
        if (c) { c.style.setProperty("--p", p); c.querySelector("b").textContent = p; }
      });
    }
    if (h.an) { analysis(h.an, h.anAt[k]); }
    if (h.step >= 0 && h.rows[h.step]) { h.rows[h.step].classList.remove("cur"); }
    row.classList.add("cur");
    h.step = k;
    if (h.range) { h.range.value = String(k); }
    if (h.pos) { h.pos.textContent = String(k); }
    if (scroll) {
      var top = row.offsetTop, bottom = top + row.offsetHeight;
      if (top < h.tl.scrollTop || bottom > h.tl.scrollTop + h.tl.clientHeight) {
        h.tl.scrollTop = Math.max(0, top - h.tl.clientHeight / 3);
      }
    }
  }

  /* The viewed seat's shanten, effective tiles and best discards: "shanten|m5:3,…|m5:1:34:8,…". */
  function analysis(box, code) {
    var words = box.getAttribute("data-l").split("|");
    function said(n) { n = +n; return n < 0 ? words[0] : n === 0 ? words[1] : words[2].replace("{n}", n); }
    function tile(k) { var i = document.createElement("i"); i.className = "t " + k; return i; }
    var parts = code ? code.split("|") : ["", "", ""];
    box.querySelector(".sh b").textContent = code ? said(parts[0]) : "–";
    var ef = box.querySelector(".ef");
    Array.prototype.slice.call(ef.querySelectorAll(".e")).forEach(function (e) { ef.removeChild(e); });
    ef.hidden = !parts[1];
    if (parts[1]) {
      parts[1].split(",").forEach(function (e) {
        var kn = e.split(":"), span = document.createElement("span"), b = document.createElement("b");
        span.className = "e"; b.textContent = kn[1];
        span.appendChild(tile(kn[0])); span.appendChild(b); ef.appendChild(span);
      });
    }
    var table = box.querySelector("table.bd"), body = table.querySelector("tbody");
    while (body.firstChild) { body.removeChild(body.firstChild); }
    table.hidden = !parts[2];
    if (parts[2]) {
      parts[2].split(",").forEach(function (d) {
        var f = d.split(":"), tr = document.createElement("tr");
        var a = document.createElement("td"), b = document.createElement("td"), c = document.createElement("td");
        var small = document.createElement("small");
        a.appendChild(tile(f[0])); b.textContent = said(f[1]);
        c.className = "num"; c.textContent = f[2] + " "; small.textContent = "(" + f[3] + ")"; c.appendChild(small);
        tr.appendChild(a); tr.appendChild(b); tr.appendChild(c); body.appendChild(tr);
      });
    }
  }

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
    try { history.replaceState(null, "", "#" + h.rows[h.step].id); } catch (e) { /* file: URLs may refuse */ }
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

  var findings = Array.prototype.slice.call(document.querySelectorAll("ol.tl .fd")).map(function (el) {
    var row = el.closest("li.st");
    return { el: el, hand: sections.indexOf(el.closest("section.hand")), step: stepOf(row) };
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

  /* A link to a step, a finding or a hand: open that hand there, its table in view. */
  function fromHash(scroll) {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    var sec = el ? el.closest("section.hand") : null;
    if (!sec) { return false; }
    var row = el.closest("li.st");
    go(sections.indexOf(sec), row ? stepOf(row) : 0);
    if (scroll) { sec.scrollIntoView({ block: "start" }); }
    return true;
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest || t.closest("a, summary")) { return; }
    var sec = t.closest("section.hand");
    if (!sec) { return; }
    var hi = sections.indexOf(sec), h = ensure(hands[hi]);
    var button = t.closest(".ctl button");
    if (button) {
      var c = button.className;
      go(hi, c === "first" ? 0 : c === "last" ? h.last : h.step + (c === "next" ? 1 : -1));
      return;
    }
    var row = t.closest("ol.tl > li.st");
    if (row) { go(hi, stepOf(row)); }
  });
  document.addEventListener("input", function (e) {
    var t = e.target;
    if (t.type !== "range" || !t.closest(".ctl")) { return; }
    go(sections.indexOf(t.closest("section.hand")), +t.value);
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

  /* Every hand opens at its deal: the first at once, the others as they come into view. */
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
