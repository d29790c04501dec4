// Markup trees for the schedule pages, shared by the build and the browser. A classic
// script (no modules: it must also run from file://) that defines one global,
// `ScheduleMarkup`; core.js (which hands it on) and the pages' scripts build their
// output with it.
//
// In:  a tree `[tag, attributes, ...children]` made by h(), or text.
// Out: the tree as escaped HTML text (toHtml, the build) or as DOM nodes with
//      textContent and attributes only (toDom, the browser), so no data reaches
//      the page as markup; and the small helpers both sides share (counts, search
//      folding, safe URLs, reading LL2's JSON without throwing). Every function is
//      pure except toDom, which creates nodes in the document it is given.



// eslint-disable-next-line no-unused-vars
var ScheduleMarkup = (function () {
  // ---- Markup trees ---------------------------------------------------------

  /** A tree node, `[tag, attributes, ...children]`, as opposed to a fragment (a list of children). */
  function isNode(x) {
    return Array.isArray(x) && typeof x[0] === 'string' && x[1] !== null && typeof x[1] === 'object' && !Array.isArray(x[1]);
  }
  /** Children that add nothing: null, false, '' and fragments of them. */
  function isEmpty(x) {
    return x === null || x === undefined || x === false || x === '' || (Array.isArray(x) && !isNode(x) && x.every(isEmpty));
  }
  function flattenInto(out, child) {
    if (isEmpty(child)) return;
    if (Array.isArray(child) && !isNode(child)) child.forEach(function (c) { flattenInto(out, c); });
    else out.push(child);
  }

  /** A tree node: h('a', {href: 'x'}, 'text', child, [fragment…]); empty children are left out. */
  function h(tag, attributes) {
    var node = [tag, attributes || {}];
    for (var i = 2; i < arguments.length; i++) flattenInto(node, arguments[i]);
    return node;
  }

  var ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  /** Text made safe for HTML content and quoted attribute values. */
  function escapeHtml(value) {
    return String(value).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }

  function attributeEntries(attributes) {
    return Object.keys(attributes)
      .filter(function (name) { var v = attributes[name]; return v !== null && v !== undefined && v !== false; })
      .map(function (name) { return [name, attributes[name]]; });
  }

  /** Elements that have no end tag. */
  var VOID = { img: true, br: true, hr: true, meta: true, link: true, input: true, source: true };

  /** A tree as HTML text: every text and attribute value escaped. */
  function toHtml(node) {
    if (typeof node === 'string' || typeof node === 'number') return escapeHtml(node);
    var tag = node[0];
    var attributes = attributeEntries(node[1]).map(function (entry) {
      return entry[1] === true ? ' ' + entry[0] : ' ' + entry[0] + '="' + escapeHtml(entry[1]) + '"';
    }).join('');
    if (VOID[tag]) return '<' + tag + attributes + '>';
    return '<' + tag + attributes + '>' + node.slice(2).map(toHtml).join('') + '</' + tag + '>';
  }

  /** A tree as DOM nodes of `doc`: attributes and text set as values, never parsed as markup. */
  function toDom(node, doc) {
    if (typeof node === 'string' || typeof node === 'number') return doc.createTextNode(String(node));
    var element = doc.createElement(node[0]);
    attributeEntries(node[1]).forEach(function (entry) { element.setAttribute(entry[0], entry[1] === true ? '' : String(entry[1])); });
    node.slice(2).forEach(function (child) { element.appendChild(toDom(child, doc)); });
    return element;
  }

  /** A link target from the data: http(s) only, anything else is dropped. */
  function safeUrl(url) {
    return typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
  }

  // ---- Numbers and text -----------------------------------------------------

  /** 6900 → "6,900" (the same in every browser and in the build). */
  function formatCount(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  /** Lower case without accents, for matching search words. */
  function fold(text) {
    return String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }

  // ---- Reading LL2's JSON ---------------------------------------------------

  /** The value if it is an object, else an empty one: a missing or null nested object reads as no fields. */
  function obj(value) {
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }
  /** The value if it is a list, else an empty one. */
  function list(value) {
    return Array.isArray(value) ? value : [];
  }
  /** A text or number as text, anything else as ''. */
  function text(value) {
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }

  return Object.freeze({
    obj: obj, list: list, text: text,
    isNode: isNode, isEmpty: isEmpty, h: h, escapeHtml: escapeHtml, toHtml: toHtml, toDom: toDom, safeUrl: safeUrl,
    formatCount: formatCount, fold: fold,
  });
})();
