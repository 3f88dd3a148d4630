// The offline table's transport (issue 39): what the table view (tableview.js) takes for its
// WebSocket. It speaks the same messages (docs/web-protocol.md), answered by a table in Pyodide
// (offline-engine.js) instead of a server: each message sent is answered at once, then the
// computer players move one at a time, `delayMs` apart (times the speed chosen in the table's
// bar, as the server's room.py SPEEDS has it), each move a state message.
const SPEED_FACTOR = { lenta: 2, normale: 1, veloce: 0.4 };

export class LocalSocket {
  static OPEN = 1;

  constructor(game, { delayMs = 700, onMessage = null } = {}) {
    this.game = game;
    this.delayMs = delayMs;
    this.onMessage = onMessage; // the page's own look at every message (the finished match)
    this.readyState = 0;
    this.onopen = this.onmessage = this.onclose = null;
    this.timer = null;
    this.factor = 1; // the speed's factor on delayMs
    setTimeout(() => {
      this.readyState = LocalSocket.OPEN;
      this.onopen?.();
    }, 0);
  }

  send(text) {
    if (this.readyState !== LocalSocket.OPEN) return;
    const speed = JSON.parse(text)?.speed; // the table answers it: an unknown one is refused
    if (SPEED_FACTOR[speed]) this.factor = SPEED_FACTOR[speed];
    for (const reply of this.game.receive(text)) this.deliver(reply);
    this.computersMove();
  }

  close() {
    this.readyState = 3;
    clearTimeout(this.timer);
  }

  deliver(text) {
    setTimeout(() => {
      if (this.readyState !== LocalSocket.OPEN) return;
      this.onMessage?.(text);
      this.onmessage?.({ data: text });
    }, 0);
  }

  /** The computer players' moves, one every `delayMs`, until a person is to act. */
  computersMove() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.readyState !== LocalSocket.OPEN) return;
      const move = this.game.botStep();
      if (move === null) return;
      this.deliver(move);
      this.computersMove();
    }, this.delayMs * this.factor);
  }
}
