// Polls /api/dashboard every second and turns its cumulative figures into rates and mean latencies.
(function () {
  'use strict';
  const POINTS = 60;
  const COLORS = ['#7cc4ff', '#ffb86b', '#8be9a8', '#ff7aa8', '#c9a0ff', '#f1fa8c', '#6be5e0', '#ff6e6e'];
  let previous = null;
  const methodColors = {};

  Chart.defaults.color = '#9fb3c8';
  Chart.defaults.borderColor = '#26323f';
  Chart.defaults.animation = false;

  function lineChart(id, yTitle) {
    return new Chart(document.getElementById(id), {
      type: 'line',
      data: { labels: [], datasets: [] },
      options: {
        maintainAspectRatio: false,
        elements: { point: { radius: 1.5 }, line: { tension: 0.25, borderWidth: 2 } },
        spanGaps: true,
        scales: { x: { ticks: { maxTicksLimit: 6 } }, y: { beginAtZero: true, title: { display: true, text: yTitle } } },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } }
      }
    });
  }

  const rateChart = lineChart('rate-chart', 'req/s');
  const latencyChart = lineChart('latency-chart', 'ms');
  const queueChart = lineChart('queue-chart', 'count');

  function colorOf(method) {
    if (!methodColors[method]) {
      methodColors[method] = COLORS[Object.keys(methodColors).length % COLORS.length];
    }
    return methodColors[method];
  }

  function series(chart, name, color) {
    let ds = chart.data.datasets.find(d => d.label === name);
    if (!ds) {
      // a method seen for the first time has no history: pad with nulls so it lines up with the x axis
      ds = { label: name, data: chart.data.labels.map(() => null), borderColor: color, backgroundColor: color };
      chart.data.datasets.push(ds);
    }
    return ds;
  }

  // Appends one point per series at `label`; series missing from `values` get a gap (null).
  function push(chart, label, values) {
    for (const [name, color] of values) series(chart, name, color);
    chart.data.labels.push(label);
    const byName = new Map(values.map(([name, , value]) => [name, value]));
    for (const ds of chart.data.datasets) {
      ds.data.push(byName.has(ds.label) ? byName.get(ds.label) : null);
      while (ds.data.length > POINTS) ds.data.shift();
    }
    while (chart.data.labels.length > POINTS) chart.data.labels.shift();
    chart.update('none');
  }

  function text(id, value) {
    document.getElementById(id).textContent = value === null || value === undefined ? '–' : value;
  }

  function render(now) {
    const label = new Date(now.time).toLocaleTimeString();
    const methods = Object.keys(now.methods);
    let total = 0;
    for (const m of methods) total += now.methods[m].count;
    text('total-requests', total);
    if (previous) {
      const seconds = Math.max(0.001, (now.time - previous.time) / 1000);
      const rates = [], latencies = [];
      let totalRate = 0;
      for (const m of methods) {
        const cur = now.methods[m];
        const old = previous.methods[m] || { count: 0, totalTimeMs: 0 };
        const dCount = cur.count - old.count;
        const rate = dCount / seconds;
        totalRate += rate;
        rates.push([m, colorOf(m), Number(rate.toFixed(2))]);
        latencies.push([m, colorOf(m), dCount > 0 ? Number(((cur.totalTimeMs - old.totalTimeMs) / dCount).toFixed(3)) : null]);
      }
      text('total-rate', totalRate.toFixed(1));
      push(rateChart, label, rates);
      push(latencyChart, label, latencies);
    }
    push(queueChart, label, [
      ['pending requests', '#ffb86b', now.pendingRequests],
      ['ring buffer free', '#7cc4ff', now.ringBufferRemaining]
    ]);
    text('latest-block', now.latestBlock);
    text('block-age', now.latestBlockAgeSeconds === null ? null : now.latestBlockAgeSeconds.toFixed(1) + ' s');
    text('pending', now.pendingRequests);
    text('ring-remaining', now.ringBufferRemaining);
    text('reconnects', now.reconnects);
    text('subscriptions', now.activeSubscriptions);
    const tx = now.transactions || {};
    const count = (...states) => states.reduce((n, s) => n + (tx[s] || 0), 0);
    text('tx-sent', count('SENT'));
    text('tx-included', count('INCLUDED'));
    text('tx-confirmed', count('CONFIRMED'));
    text('tx-failed', count('FAILED', 'REJECTED'));
    text('tx-dropped', count('DROPPED', 'REPLACED'));
    text('tx-stranded', now.strandedTransactions === null ? 0 : now.strandedTransactions);
    const badge = document.getElementById('connection');
    badge.textContent = now.connection;
    badge.className = 'badge ' + (now.connection === 'RECONNECTING' ? 'down' : 'up');
    previous = now;
  }

  async function tick() {
    try {
      const response = await fetch('/api/dashboard', { cache: 'no-store' });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      render(await response.json());
    } catch (e) {
      const badge = document.getElementById('connection');
      badge.textContent = 'service unreachable';
      badge.className = 'badge down';
    }
  }

  tick();
  setInterval(tick, 1000);
})();
