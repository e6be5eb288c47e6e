// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number; pipelining?: number; headers?: Record<string, string> };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; non2xx: number; errors: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
