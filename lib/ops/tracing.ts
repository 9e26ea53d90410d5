/**
 * OpenTelemetry traces, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
 * or OTEL_EXPORTER_OTLP_ENDPOINT). Started once by instrumentation.ts before anything else runs:
 * it registers the global tracer provider, so Next's own spans (the request, the render) are
 * exported too, and PayDesk adds its own around what Next cannot see:
 *
 *   door      every route handler, public page reading and server action (`GET /api/v1/…`, `action …`)
 *   provider  every HTTP exchange with the payment provider (kind client)
 *   job       every pass of a background loop (`job reconcile`, with the items it took)
 *   db        every database statement, both drivers (`db select`; the statement's text, never its values)
 *
 * Spans carry no secret and no customer data: a statement's parameters, a request's body and
 * headers, and the provider's answer are never attributes. While tracing is off `inSpan` is a plain
 * call: nothing is allocated and nothing is wrapped.
 */
import { context, diag, DiagLogLevel, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { env } from "../env";
import { log } from "./log";

export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: the traces URL as it is. */
  tracesEndpoint?: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: a collector's base URL; /v1/traces is added. */
  endpoint?: string;
  serviceName?: string;
  /** How long spans gather before a batch is sent (tests shorten it); default 5 s as OTel's. */
  scheduledDelayMs?: number;
  /** How long one export may take before its spans are given up; default 10 s as OTel's (tests on a busy machine give more). */
  exportTimeoutMs?: number;
}

export interface Tracing {
  url: string;
  /** Sends what is gathered now. */
  flush(): Promise<void>;
  /** Sends what is gathered and stops tracing. */
  stop(): Promise<void>;
}

// On globalThis, not in this module: Next bundles instrumentation.ts and each route apart, each
// with its own copy of this module, and tracing started in one must be on in all of them.
const shared = globalThis as typeof globalThis & { paydeskTracerProvider?: NodeTracerProvider | null };

/** Where the traces go, or null when tracing is off. */
export function tracesUrl(settings: TracingSettings): string | null {
  if (settings.tracesEndpoint) return settings.tracesEndpoint;
  if (settings.endpoint) return `${settings.endpoint.replace(/\/+$/, "")}/v1/traces`;
  return null;
}

/** Starts tracing when an endpoint is configured; null (and nothing registered) when not. */
export function startTracing(settings: TracingSettings): Tracing | null {
  const url = tracesUrl(settings);
  if (!url || shared.paydeskTracerProvider) return null;
  const exportTimeoutMs = settings.exportTimeoutMs ?? 10_000;
  const exporter = new OTLPTraceExporter({ url, timeoutMillis: exportTimeoutMs });
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName ?? "paydesk" }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, { scheduledDelayMillis: settings.scheduledDelayMs ?? 5_000, exportTimeoutMillis: exportTimeoutMs }),
    ],
  });
  // OpenTelemetry's own troubles (a collector away, an export given up, spans dropped) in PayDesk's log, not lost.
  const said = log("tracing");
  const noop = () => {};
  diag.setLogger(
    { error: (message) => said.warn(message), warn: (message) => said.warn(message), info: noop, debug: noop, verbose: noop },
    DiagLogLevel.WARN,
  );
  started.register();
  shared.paydeskTracerProvider = started;
  log("tracing").info("sending traces by OTLP", { url });
  return {
    url,
    flush: () => started.forceFlush(),
    async stop() {
      await started.shutdown();
      trace.disable();
      context.disable();
      diag.disable();
      shared.paydeskTracerProvider = null;
    },
  };
}

/**
 * Tracing as this process's environment says (instrumentation.ts, first of all). An environment
 * env() refuses is left to the start-up, which stops PayDesk with its sentence.
 */
export function startTracingFromEnvironment(): Tracing | null {
  let settings;
  try {
    settings = env();
  } catch {
    return null;
  }
  return startTracing({
    tracesEndpoint: settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: settings.OTEL_SERVICE_NAME,
  });
}

export function tracingOn(): boolean {
  return Boolean(shared.paydeskTracerProvider);
}

/**
 * Runs `work` inside a span named `name` (a child of the span in hand); a throw marks the span as
 * failed and is thrown on. While tracing is off, just runs `work`.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | null) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!shared.paydeskTracerProvider) return work(null);
  return trace.getTracer("paydesk").startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      // Next's redirect() and notFound() end a request by throwing: an answer, not a failure.
      if (!isNextControlFlow(error)) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      throw error;
    } finally {
      span.end();
    }
  });
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}

/** A statement's span name: `db` and its first word (`db select`, `db insert`, `db begin`). */
export function statementSpanName(text: string): string {
  const word = /^\s*([a-z]+)/i.exec(text)?.[1];
  return `db ${word ? word.toLowerCase() : "statement"}`;
}

/** A statement's text for its span: the SQL with placeholders, cut at 1,000 characters; never its values. */
export function statementAttributes(system: "postgresql", text: string): Attributes {
  return { "db.system.name": system, "db.query.text": text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text };
}

export { SpanKind };
