// Node entry of the language server: `node dist/server.js --stdio` (or `--node-ipc`, as the VS Code
// client starts it). The connection strategy comes from the command line.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../lsp/server';
import { mcpServersFor } from './mcpServers';

startServer(createConnection(ProposedFeatures.all), { mcpServers: mcpServersFor });
