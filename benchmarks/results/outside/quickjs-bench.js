// A deterministic workload for qjs: calls, arrays, sorting, objects,
// strings, closures; R rounds (scriptArgs[1]).
var R = scriptArgs.length > 1 ? +scriptArgs[1] : 10;
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
function mk(k) { return function (x) { return (x * k + 7) % 1009; }; }
var s = 0;
for (var r = 0; r < R; r++) {
  s += fib(18);
  var a = [];
  for (var i = 0; i < 3000; i++) a.push((i * 7919 + r) % 1000);
  a.sort(function (x, y) { return x - y; });
  s += a[1500];
  var o = {};
  for (var i = 0; i < 3000; i++) { var k = 'k' + (i % 97); o[k] = (o[k] | 0) + i; }
  for (var k in o) s += o[k];
  var str = '';
  for (var i = 0; i < 800; i++) str += String.fromCharCode(97 + (i * 13) % 26);
  s += str.indexOf('zz') + str.split('a').length;
  var fs = [];
  for (var i = 0; i < 50; i++) fs.push(mk(i));
  for (var i = 0; i < 2000; i++) s += fs[i % 50](i);
  var m = new Map();
  for (var i = 0; i < 1000; i++) m.set(i % 211, i);
  m.forEach(function (v, k2) { s += v ^ k2; });
  s = s % 1000000007;
}
console.log(s);
