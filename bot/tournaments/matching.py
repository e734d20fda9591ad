"""The largest matching of a graph (Edmonds' blossom algorithm): how many pairs can be made of players
where only some pairs are allowed. Swiss pairing asks it for the fewest rematches still possible, once
per pair it tries, so a matching is kept and repaired as players are taken out rather than rebuilt."""

from __future__ import annotations

from collections.abc import Collection, Sequence


class MaxMatching:
    """A maximum matching of the vertices still in (``alive``) of a graph given by adjacency lists."""

    def __init__(self, adj: list[list[int]], alive: list[bool] | None = None, mate: list[int] | None = None) -> None:
        self.adj = adj
        self.n = len(adj)
        self.alive = [True] * self.n if alive is None else alive
        self.mate = [-1] * self.n if mate is None else mate
        self._parent = [-1] * self.n
        self._base = list(range(self.n))
        self._grow()

    @property
    def size(self) -> int:
        return sum(1 for m in self.mate if m != -1) // 2

    def without(self, *gone: int) -> MaxMatching:
        """The maximum matching once the vertices ``gone`` are taken out (this one is left as it is)."""
        alive, mate = self.alive[:], self.mate[:]
        for v in gone:
            alive[v] = False
            if mate[v] != -1:
                mate[mate[v]] = -1
                mate[v] = -1
        return MaxMatching(self.adj, alive, mate)

    def _grow(self) -> None:
        """Augment from every free vertex once: a vertex with no augmenting path now never gets one later."""
        mate, alive = self.mate, self.alive
        for v in range(self.n):  # a greedy start leaves few paths to search
            if alive[v] and mate[v] == -1:
                for u in self.adj[v]:
                    if alive[u] and mate[u] == -1:
                        mate[u], mate[v] = v, u
                        break
        for root in range(self.n):
            if alive[root] and mate[root] == -1:
                end = self._augmenting_path(root)
                while end != -1:  # flip the path's edges
                    up = self._parent[end]
                    nxt = mate[up]
                    mate[end], mate[up] = up, end
                    end = nxt

    def _ancestor(self, a: int, b: int) -> int:
        """The base of the blossom closed by the edge a-b: the nearest common even ancestor."""
        seen = [False] * self.n
        while True:
            a = self._base[a]
            seen[a] = True
            if self.mate[a] == -1:
                break
            a = self._parent[self.mate[a]]
        while True:
            b = self._base[b]
            if seen[b]:
                return b
            b = self._parent[self.mate[b]]

    def _mark(self, v: int, base: int, child: int, inside: list[bool]) -> None:
        while self._base[v] != base:
            inside[self._base[v]] = inside[self._base[self.mate[v]]] = True
            self._parent[v] = child
            child = self.mate[v]
            v = self._parent[self.mate[v]]

    def _augmenting_path(self, root: int) -> int:
        """The free vertex an augmenting path from ``root`` ends at (``_parent`` holds the path), or -1."""
        n, mate, parent, base, alive = self.n, self.mate, self._parent, self._base, self.alive
        used = [False] * n
        parent[:] = [-1] * n
        base[:] = range(n)
        used[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self.adj[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    top = self._ancestor(v, to)
                    inside = [False] * n
                    self._mark(v, top, to, inside)
                    self._mark(to, top, v, inside)
                    for i in range(n):
                        if inside[base[i]]:
                            base[i] = top
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1


def matching_size(players: Sequence[int], allowed: Collection[frozenset[int]]) -> int:
    """How many disjoint allowed pairs can be made of ``players`` at most."""
    index = {p: i for i, p in enumerate(players)}
    adj: list[list[int]] = [[] for _ in players]
    for pair in allowed:
        a, b = tuple(pair)
        if a in index and b in index:
            adj[index[a]].append(index[b])
            adj[index[b]].append(index[a])
    return MaxMatching(adj).size


__all__ = ["MaxMatching", "matching_size"]
