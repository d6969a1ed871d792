// The webview options and the frame (CSP nonce, bundled script and style URIs) shared by panels.
import * as vscode from 'vscode';
import { createNonce, PageFrame } from '../../core/render/page';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
    retainContextWhenHidden: false,
  };
}

export function frameFor(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): PageFrame {
  return {
    cspSource: webview.cspSource,
    nonce: createNonce(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'dist', 'panel.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css')).toString(),
    codiconUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'dist', 'codicon.css')).toString(),
    title,
  };
}
