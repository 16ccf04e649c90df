"""A plugin with screens that change after they are shown: a list of memos, a memo's screen
that deletes it, and a ticker that changes by itself. For the live-screen tests."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402

MEMOS = {"a": "Buy milk", "b": "Call Anna"}
OPEN = {}


class MemoList(fp.Screen):
    id = "memo.list"
    title = "Memos"
    events = {"opened": ["memoID"]}

    def __init__(self, input):
        self.memos = dict(MEMOS)

    def appear(self):
        self.memos = dict(MEMOS)

    def view(self):
        return fp.view("Memos", [fp.items([f"{key}: {text}" for key, text in sorted(self.memos.items())])],
                       status=f"{len(self.memos)} memos")

    @fp.command("read", "Open a memo", fp.arg("ID", values=sorted(MEMOS)))
    def read(self, memo):
        if memo not in MEMOS:
            raise fp.UserError(f"no memo '{memo}'")
        self.emit("opened", memoID=memo)


class MemoDetail(fp.Screen):
    id = "memo.detail"
    title = "Memo"
    inputs = ["memoID"]
    events = {"deleted": []}

    def __init__(self, input):
        self.memo = input["memoID"]

    def view(self):
        return fp.view(f"Memo {self.memo}", [fp.text(MEMOS.get(self.memo, "(deleted)"))])

    @fp.command("delete", "Delete this memo")
    def delete(self):
        MEMOS.pop(self.memo, None)
        self.emit("deleted")


class Ticker(fp.Screen):
    id = "memo.ticker"
    title = "Ticker"
    every = 0.05

    def __init__(self, input):
        self.ticks = 0

    def tick(self):
        self.ticks += 1

    def view(self):
        return fp.view("Ticker", [fp.text(f"tick {self.ticks}")])


if __name__ == "__main__":
    fp.Plugin("Memos", [MemoList, MemoDetail, Ticker]).run()
