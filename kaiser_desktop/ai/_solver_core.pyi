"""Types of the compiled solver core (_solver_core.c)."""

class Core:
    nodes: int
    def __init__(self, trump: int, out: int, aborted: type[BaseException]) -> None: ...
    def search(
        self,
        hands: list[int],
        team: int,
        nodes: int,
        node_limit: int,
        seat: int,
        cards: list[int],
        seats: list[int],
        alpha: int,
        beta: int,
    ) -> int: ...
    def table_size(self) -> int: ...
    def table(self) -> dict[tuple[int, int, int, int, int], tuple[int, int, int]]: ...
