// Tells the client when the server starts and stops being busy, for its language status item, with
// the number of documents checked once it is idle. Only transitions are sent, so a burst of edits
// (or a scan of a thousand files) costs two notifications, not one per check.
import type { Connection } from 'vscode-languageserver';
import { STATUS_NOTIFICATION, type ServerStatus } from '../../../shared/src/constants';

export function reportBusyChanges(
  connection: Connection,
  onBusyChange: (listener: (busy: boolean) => void) => void,
  documentsChecked: () => number,
): void {
  onBusyChange((busy) => {
    const status: ServerStatus = busy ? { checking: true } : { checking: false, documents: documentsChecked() };
    void connection.sendNotification(STATUS_NOTIFICATION, status);
  });
}
