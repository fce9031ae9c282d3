// afdo benchmarks: the workload of real/duktape.sh.
// Copyright (C) 2026 The afdo authors.
// This file is part of afdo, distributed under the GNU General Public
// License, version 3 or later (see COPYING).
//
// Recursion, objects and prototypes, arrays, strings and a regular
// expression, closures, a sort with a comparator and JSON.  REPS and
// SIZE are set by the lines run.sh puts ahead of this file.

function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

function sieve(n) {
  var a = [], i, j, c = 0;
  for (i = 0; i <= n; i++) a.push(true);
  for (i = 2; i * i <= n; i++)
    if (a[i]) for (j = i * i; j <= n; j += i) a[j] = false;
  for (i = 2; i <= n; i++) if (a[i]) c++;
  return c;
}

function Vec(x, y) { this.x = x; this.y = y; }
Vec.prototype.add = function (o) { return new Vec(this.x + o.x, this.y + o.y); };
Vec.prototype.len2 = function () { return this.x * this.x + this.y * this.y; };

function objects(n) {
  var v = new Vec(0, 0), s = 0;
  for (var i = 0; i < n; i++) {
    v = v.add(new Vec(i % 7, i % 5));
    s += v.len2() % 1000;
  }
  return s;
}

function strings(n) {
  var words = {}, text = [], k, i;
  for (i = 0; i < n; i++) text.push('w' + (i * 7919 % 1013));
  var joined = text.join(' ');
  var parts = joined.split(' ');
  for (i = 0; i < parts.length; i++) {
    k = parts[i];
    words[k] = (words[k] || 0) + 1;
  }
  var keys = Object.keys(words).sort();
  var h = 0;
  for (i = 0; i < keys.length; i++)
    h = (h * 31 + words[keys[i]] + keys[i].length) % 1000003;
  return h + joined.replace(/w1(\d)/g, 'x$1').length;
}

function closures(n) {
  var fs = [], s = 0, i;
  for (i = 0; i < 100; i++)
    fs.push((function (k) { return function (x) { return x * k + 1; }; })(i));
  for (i = 0; i < n; i++) s = (s + fs[i % 100](i)) % 65536;
  return s;
}

function sorting(n) {
  var a = [], seed = 1, i, c = 0;
  for (i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    a.push(seed % 100000);
  }
  a.sort(function (p, q) { return p - q; });
  for (i = 1; i < n; i++) if (a[i - 1] <= a[i]) c++;
  return c;
}

function json(n) {
  var o = [], i;
  for (i = 0; i < n; i++)
    o.push({ id: i, name: 'item' + i, tags: ['a', 'b', i % 3], v: i / 4 });
  var s = JSON.stringify(o);
  return s.length + JSON.parse(s).length;
}

var r = [];
for (var rep = 0; rep < REPS; rep++)
  r.push(fib(SIZE < 1 ? 18 : 24), sieve(200000 * SIZE), objects(200000 * SIZE),
         strings(60000 * SIZE), closures(400000 * SIZE), sorting(60000 * SIZE),
         json(20000 * SIZE));
print(r.join(' '));
