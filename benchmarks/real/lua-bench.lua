-- afdo benchmarks: a CPU-bound Lua workload (tables, strings, closures,
-- metatables, recursion).  Usage: lua lua-bench.lua N
-- Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.

local n = tonumber(arg[1]) or 1
local digest = 0

local function mix(x)
  digest = (digest * 31 + math.floor(x)) % 4294967291
end

-- recursion and arithmetic
local function fib(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end

-- tables: sort and hash
local function tables(k)
  local t = {}
  local seed = 42
  for i = 1, k do
    seed = (seed * 1103515245 + 12345) % 2147483648
    t[i] = seed % 100000
  end
  table.sort(t)
  local h = {}
  for i = 1, k do
    local key = t[i] % 997
    h[key] = (h[key] or 0) + 1
  end
  local s = 0
  for key, v in pairs(h) do s = s + key * v end
  return s + t[k // 2]
end

-- strings: format, gsub, concat
local function strings(k)
  local parts = {}
  for i = 1, k do
    parts[#parts + 1] = string.format("%d:%s", i, tostring(i * 7))
  end
  local s = table.concat(parts, ",")
  local cnt = 0
  s = s:gsub("(%d+):(%d+)", function(a, b)
    cnt = cnt + 1
    return b .. a
  end)
  local sum = 0
  for w in s:gmatch("%d+") do sum = sum + #w end
  return sum + cnt + #s
end

-- objects through metatables and closures
local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec:dot(o) return self.x * o.x + self.y * o.y end

local function objects(k)
  local acc = Vec.new(0, 0)
  local step = Vec.new(1, 2)
  local total = 0
  for i = 1, k do
    acc = acc + step
    if i % 3 == 0 then total = total + acc:dot(step) % 1000 end
  end
  local fs = {}
  for i = 1, 100 do fs[i] = function(x) return x * i + total % 7 end end
  local s = 0
  for i = 1, k do s = s + fs[i % 100 + 1](i) % 13 end
  return s + total
end

for r = 1, n do
  mix(fib(22))
  mix(tables(20000))
  mix(strings(6000))
  mix(objects(60000))
end
print(digest)
