// Tells the client when the server starts and stops being busy, for its language status item.
// Only transitions are sent, so a burst of edits costs two notifications, not one per edit.
import type { Connection } from 'vscode-languageserver/node';
import { STATUS_NOTIFICATION, type ServerStatus } from '../../../shared/src/constants';

export function reportBusyChanges(connection: Connection, onBusyChange: (listener: (busy: boolean) => void) => void): void {
  onBusyChange((busy) => {
    const status: ServerStatus = { checking: busy };
    void connection.sendNotification(STATUS_NOTIFICATION, status);
  });
}
