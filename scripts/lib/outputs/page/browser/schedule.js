// The schedule page (index.html) in the browser, after core.js. The HTML already
// holds the first view, in UTC; this script
//   - shows every time in the reader's zone (with UTC beside it) and ticks the countdowns;
//   - turns calendar links into webcal:// subscriptions;
//   - filters by provider, location, status and search words, kept in the URL with
//     LL2's parameter names, so a filtered view can be shared;
//   - fetches the page's data only when the reader asks for more than the first
//     view: a filter (or a filtered URL), "Show more", or scrolling towards it.
//     schedule/index.json holds the first view's records; schedule/<list>/<n>.json
//     pages hold the rest. Lists are then rendered from the data with the core's
//     items: the same markup as the build's.
// Opened from a file (the offline snapshot without its server), nothing can be
// fetched: the lists stay as built, localized, and the filters stay hidden.

(function () {
  'use strict';
  var C = ScheduleCore;
  var doc = document;
  var body = doc.body;
  var paths = { api: body.getAttribute('data-api'), launchView: body.getAttribute('data-launch-view') };
  var dataRoot = body.getAttribute('data-schedule');
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  var form = doc.getElementById('filters');
  var stateLine = doc.getElementById('data-state');
  var NAMES = ['upcoming', 'previous', 'events'];

  var lookups = { statuses: {}, agencies: {}, pads: {}, locations: {} };
  var filter = C.parseFilter(window.location.search);
  var pageSize = 0;
  var lists = {};
  NAMES.forEach(function (name) {
    var element = doc.getElementById(name + '-list');
    lists[name] = {
      name: name,
      element: element,
      summary: doc.getElementById(name + '-summary'),
      button: doc.querySelector('button.more[data-list="' + name + '"]'),
      count: Number(element.getAttribute('data-count')),
      step: Number(element.getAttribute('data-step')),
      shown: Number(element.getAttribute('data-step')),
      records: [],
      complete: false,
      loading: null,
      generation: 0,
    };
  });

  // ---- The reader's time ----

  C.localize(doc, zone);
  C.tickCountdowns(doc, Date.now());
  setInterval(function () { C.tickCountdowns(doc, Date.now()); }, 1000);

  if (/^https?:$/.test(window.location.protocol)) {
    doc.querySelectorAll('a[data-webcal]').forEach(function (a) {
      var url = new URL(a.getAttribute('href'), window.location.href);
      a.href = 'webcal://' + url.host + url.pathname;
    });
  }

  // ---- Data ----

  function fetchJson(path) {
    return fetch(dataRoot + path, { cache: 'no-cache' }).then(function (response) {
      if (!response.ok) throw new Error(path + ': HTTP ' + response.status);
      return response.json();
    });
  }

  var data = null;
  /** The first view's records, fetched once when first needed (again after a failure). */
  function ensureData() {
    if (!data) {
      data = fetchJson('index.json').then(function (view) {
        pageSize = view.page_size;
        addLookups(view.lookups);
        NAMES.forEach(function (name) {
          var list = lists[name];
          list.count = view.lists[name].count;
          list.step = view.first_view[name];
          list.records = view[name];
          list.complete = view[name].length >= list.count;
        });
      });
      data.catch(function () { data = null; });
    }
    return data;
  }

  function failed(error) {
    stateLine.textContent = 'The schedule\u2019s data could not be fetched (' + error.message + '); the lists are as built.';
    body.setAttribute('data-state', 'failed');
  }

  function addLookups(more) {
    if (!more) return;
    Object.keys(lookups).forEach(function (kind) { Object.assign(lookups[kind], more[kind]); });
  }

  /** The next page of a list; its records are always a prefix of the whole list. */
  function loadMore(list) {
    if (list.loading) return list.loading;
    var page = Math.floor(list.records.length / pageSize) + 1;
    list.loading = fetchJson(list.name + '/' + page + '.json').then(function (json) {
      addLookups(json.lookups);
      // A rebuild between two fetches may shift the list by a few records: never show one twice.
      var kept = list.records.slice(0, (page - 1) * pageSize);
      var seen = {};
      kept.forEach(function (r) { seen[r.id] = true; });
      list.records = kept.concat(json.results.filter(function (r) { return !seen[r.id]; }));
      list.complete = page >= json.pages || json.results.length === 0;
    }).finally(function () { list.loading = null; });
    return list.loading;
  }

  // ---- Rendering ----

  function matches(list, record) {
    return list.name === 'events' ? C.eventMatches(record, filter) : C.launchMatches(record, lookups, filter);
  }

  function item(list, record) {
    return list.name === 'events' ? C.eventItem(record, paths) : C.launchItem(record, lookups, paths, list.name, Date.now());
  }

  function draw(list, matched) {
    var shown = matched.slice(0, list.shown);
    list.element.replaceChildren.apply(list.element, shown.map(function (record) { return C.toDom(item(list, record), doc); }));
    C.localize(list.element, zone);
    C.tickCountdowns(list.element, Date.now());
    list.summary.textContent = C.listSummary(list.name, {
      total: list.count, shown: shown.length, filtered: C.isFiltered(filter), matched: matched.length, scanned: list.records.length,
    });
    list.button.hidden = !(matched.length > shown.length || !list.complete);
  }

  /**
   * Shows a list as the filter asks, fetching pages until it has enough matches or
   * the list ends. A later call for the same list (another filter, "Show more")
   * supersedes this one.
   */
  function fill(list) {
    var mine = ++list.generation;
    var step = function () {
      if (mine !== list.generation) return undefined;
      var matched = list.records.filter(function (record) { return matches(list, record); });
      if (matched.length < list.shown && !list.complete) {
        list.summary.textContent = 'Searching…';
        return loadMore(list).then(step);
      }
      draw(list, matched);
      return undefined;
    };
    return Promise.resolve().then(step);
  }

  var renders = 0;
  function render() {
    var mine = ++renders;
    body.setAttribute('data-state', 'loading');
    var launchesOnly = filter.providers.length + filter.locations.length + filter.statuses.length > 0;
    stateLine.textContent = launchesOnly ? 'Provider, location and status filter the launches; events are filtered by the search words only.' : '';
    return ensureData()
      .then(function () { return Promise.all(NAMES.map(function (name) { return fill(lists[name]); })); })
      .then(function () { if (mine === renders) body.setAttribute('data-state', 'live'); }, failed);
  }

  // ---- Filters ----

  /** Puts a filter into the form; ids that no single option stands for get an option of their own. */
  function setForm(value) {
    form.elements.namedItem(C.FILTER_PARAMS.search).value = value.search;
    ['providers', 'locations', 'statuses'].forEach(function (key) {
      var select = form.elements.namedItem(C.FILTER_PARAMS[key]);
      var wanted = value[key].join(',');
      if (wanted && !Array.prototype.some.call(select.options, function (o) { return o.value === wanted; })) {
        var option = doc.createElement('option');
        option.value = wanted;
        option.textContent = value[key].length > 1 ? value[key].length + ' chosen in the link' : 'id ' + wanted + ' (from the link)';
        select.appendChild(option);
      }
      select.value = wanted;
    });
  }

  function readForm() {
    return C.parseFilter(new URLSearchParams(new FormData(form)).toString());
  }

  function applyFilter(next) {
    if (C.filterQuery(next) === C.filterQuery(filter)) return undefined;
    filter = next;
    var query = C.filterQuery(filter);
    window.history.replaceState(null, '', window.location.pathname + query + window.location.hash);
    NAMES.forEach(function (name) { lists[name].shown = lists[name].step; });
    return render();
  }

  var typing = null;
  function watchForm() {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      applyFilter(readForm());
    });
    form.addEventListener('change', function () { applyFilter(readForm()); });
    form.addEventListener('input', function (event) {
      if (event.target.type !== 'search') return;
      clearTimeout(typing);
      typing = setTimeout(function () { applyFilter(readForm()); }, 250);
    });
    form.addEventListener('reset', function () {
      setTimeout(function () { applyFilter(readForm()); }, 0);
    });
  }

  // ---- "Show more", and fetching ahead as the reader scrolls towards it ----

  function watchButtons() {
    var ahead = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting || entry.target.hidden) return;
        var list = lists[entry.target.getAttribute('data-list')];
        // One page ahead of what "Show more" will show next, no further.
        ensureData().then(function () {
          return list.complete || list.records.length >= list.shown + list.step ? null : loadMore(list);
        }).catch(function () { /* said when the reader asks */ });
      });
    }, { rootMargin: '600px' }) : null;
    NAMES.forEach(function (name) {
      var list = lists[name];
      list.button.hidden = !(list.count > list.element.children.length);
      list.button.addEventListener('click', function () {
        body.setAttribute('data-state', 'loading');
        ensureData().then(function () {
          list.shown += list.step;
          return fill(list);
        }).then(function () { body.setAttribute('data-state', 'live'); }, failed);
      });
      if (ahead) ahead.observe(list.button);
    });
  }

  // ---- Start ----

  if (window.location.protocol === 'file:') {
    stateLine.textContent = 'Opened from a file: the lists are as built, in your time zone; filters and more results need the page served over http(s).';
    body.setAttribute('data-state', 'static');
    return;
  }
  setForm(filter);
  var box = doc.getElementById('filter-box');
  box.open = C.isFiltered(filter) || window.matchMedia('(min-width: 40rem)').matches;
  box.hidden = false;
  form.addEventListener('focusin', function () { ensureData().catch(function () { /* said when the filter is applied */ }); });
  watchForm();
  watchButtons();
  if (C.isFiltered(filter)) render();
  else body.setAttribute('data-state', 'ready');
})();
