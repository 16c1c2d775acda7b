// The requests at a position that answer from the analysis of the cursor's section: completion,
// hover, and go to definition (of `mcp(server)`).

import { type CancellationToken, type Location, type LocationLink, type MarkupContent, MarkupKind } from 'vscode-languageserver';
import { fixBeyond, placed, refusedOutside, syntaxErrorOutside, tablesBelowToolsOutside, unitAt } from '../analysis/document';
import { completionsInDocument, itemsAsClientTakes } from '../features/completion';
import { isPosition, isPositionIn } from '../features/convert';
import { hover } from '../features/hover';
import { manifestsOf, mcpServerAt } from '../features/mcpServers';
import { plainText } from '../features/plainText';
import type { ServerContext } from './context';
import { cancelled, untilCancelled, type Requests } from './requests';

export function listenPositionRequests(ctx: ServerContext, { guard }: Requests): void {
  const { connection, host, states, marsDoc } = ctx;

  /**
   * What a request at a position is about: the document, its analysis, and the unit at the position.
   * None for a document the server does not speak for, a request without a position, or a position
   * the document does not have (`isPositionIn`): answered empty, whatever the request. Cancelled while
   * it waits for the analysis (a big file's first, seconds long), it is answered so at once.
   */
  const analysedAt = async (params: { textDocument?: { uri?: unknown }; position?: unknown } | null, token: CancellationToken) => {
    const position: unknown = params?.position;
    const doc = isPosition(position) ? marsDoc(params?.textDocument?.uri as string) : undefined;
    const da = doc && (await untilCancelled(states.analysisSoon(doc), token));
    if (token.isCancellationRequested) throw cancelled();
    if (!doc || !da || !isPositionIn(da.lines, position)) return null;
    return { doc, da, position, unit: unitAt(da, da.lines.offset(position)) };
  };

  // Requests wait for the analysis of the version they were made on without blocking the others
  // (a huge file's first analysis takes seconds); answered empty if that version is gone meanwhile.
  connection.onCompletion(guard('completion', () => null, async (params, token: CancellationToken) => {
    const at = await analysedAt(params, token);
    if (!at) return null;
    const { doc, da, unit, position } = at;
    const servers = (await host.mcpServers?.(doc.uri, ctx.workspaceFolders, 'soon')) ?? [];
    const items = completionsInDocument(da, unit, position, servers.map((m) => m.name), ctx.client.suggest);
    return itemsAsClientTakes(items, ctx.client.completionClient);
  }));

  connection.onHover(guard('hover', () => null, async (params, token: CancellationToken) => {
    const at = await analysedAt(params, token);
    if (!at) return null;
    const h = hover(placed(at.da, at.unit), at.position, (owner) => refusedOutside(at.da, at.unit, owner), () => syntaxErrorOutside(at.da, at.unit),
      (owner) => tablesBelowToolsOutside(at.da, at.unit, owner), (code, span) => fixBeyond(at.da, at.unit, code, span));
    return h && !ctx.client.markdownHover ? { ...h, contents: { kind: MarkupKind.PlainText, value: plainText((h.contents as MarkupContent).value) } } : h;
  }));

  // On `mcp(server)`: the manifest that declares the server.
  connection.onDefinition(guard('definition', () => null, async (params, token: CancellationToken) => {
    const at = host.mcpServers && (await analysedAt(params, token));
    if (!at) return null;
    const hit = mcpServerAt(placed(at.da, at.unit), at.position);
    const targets = hit ? manifestsOf(await host.mcpServers!(at.doc.uri, ctx.workspaceFolders, 'fresh'), hit.server) : [];
    if (!hit || targets.length === 0) return null;
    return ctx.client.definitionLinks
      ? targets.map((t): LocationLink => ({ originSelectionRange: hit.range, targetUri: t.uri, targetRange: t.range, targetSelectionRange: t.range }))
      : targets.map((t): Location => ({ uri: t.uri, range: t.range }));
  }));
}
