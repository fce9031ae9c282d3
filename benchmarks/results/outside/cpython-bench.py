import sys
R = int(sys.argv[1]) if len(sys.argv) > 1 else 10
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
class P:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x; self.y = y
    def norm(self):
        return self.x * self.x + self.y * self.y
s = 0
for r in range(R):
    s += fib(16)
    a = [(i * 7919 + r) % 1000 for i in range(3000)]
    a.sort()
    s += a[1500]
    d = {}
    for i in range(3000):
        k = 'k%d' % (i % 97)
        d[k] = d.get(k, 0) + i
    for k, v in d.items():
        s += v
    st = ''.join(chr(97 + (i * 13) % 26) for i in range(800))
    s += st.find('zz') + len(st.split('a'))
    ps = [P(i, i + 1) for i in range(500)]
    s += sum(p.norm() for p in ps)
    s %= 1000000007
print(s)
