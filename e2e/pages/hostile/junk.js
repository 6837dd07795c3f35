// Enumerable junk on the built-in prototypes, as old scripts still add it: Douglas Crockford's
// 2007 json.js (`Object.prototype.toJSONString`, `String.prototype.parseJSON`), hand-written helpers
// (`Object.prototype.extend/clone/each`, `Array.prototype.remove/unique/contains`,
// `String.prototype.format`), all by plain assignment, so they show in every `for…in` and `in`.
Object.prototype.toJSONString = function () {
  return JSON.stringify(this);
};
Object.prototype.extend = function (source) {
  for (var key in source) this[key] = source[key];
  return this;
};
Object.prototype.clone = function () {
  return this.extend.call({}, this);
};
Object.prototype.each = function (fn) {
  for (var key in this) if (Object.prototype.hasOwnProperty.call(this, key)) fn(key, this[key]);
};
Object.prototype.junkValue = 'junk';
Array.prototype.remove = function (item) {
  var i = this.indexOf(item);
  if (i >= 0) this.splice(i, 1);
  return this;
};
Array.prototype.unique = function () {
  return this.filter(function (v, i, a) {
    return a.indexOf(v) === i;
  });
};
Array.prototype.contains = function (item) {
  return this.indexOf(item) >= 0;
};
String.prototype.parseJSON = function () {
  return JSON.parse(this);
};
String.prototype.format = function () {
  var args = arguments;
  return this.replace(/\{(\d+)\}/g, function (m, i) {
    return args[i];
  });
};
