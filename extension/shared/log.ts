// The "Website Reports" LogOutputChannel, adapted to the API client's Log function.
import * as vscode from 'vscode';
import type { Log } from '../../core/client/client';

export function createLog(channel: vscode.LogOutputChannel): Log {
  return (level, message) => {
    switch (level) {
      case 'trace':
        return channel.trace(message);
      case 'debug':
        return channel.debug(message);
      case 'info':
        return channel.info(message);
      case 'warn':
        return channel.warn(message);
      case 'error':
        return channel.error(message);
    }
  };
}
