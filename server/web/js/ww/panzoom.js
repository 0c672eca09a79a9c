// Pan and zoom for an SVG by changing its viewBox: wheel zooms around the pointer, one pointer
// drags, two pointers pinch. A drag does not count as a click. No dependencies.
//
// With a `storageKey` the shown map area (the viewBox, in map units) is kept in localStorage under
// that key whenever it changes, and restore() shows it again after a reload: clamped to the zoom
// limits and moved back inside the map, so that a window of another size still shows the same area
// (the SVG scales the box to fit, so the same map area is visible whatever the element's shape).
// reset() ("Fit") shows the whole map and forgets the kept area. `onZoom`, when set, is called on
// each change of zoom (not on a pan) and of the element's size.

export class PanZoom {
  constructor(svg, { minScale = 0.15, maxScale = 1, storageKey = null } = {}) {
    this.svg = svg;
    this.storageKey = storageKey;
    this.saveTimer = null;
    const [x, y, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    this.full = { x, y, w, h };
    this.box = { ...this.full };
    this.minW = w * minScale; // most zoomed in
    this.maxW = w * maxScale; // most zoomed out
    this.pointers = new Map();
    this.dragged = false;
    // Called when the zoom changes (not when the view only pans) and when the element's size does.
    this.onZoom = null;
    this.zoomedW = w;
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.onZoom?.()).observe(svg);
    svg.style.touchAction = 'none';
    svg.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    svg.addEventListener('pointerdown', (e) => this.onDown(e));
    window.addEventListener('pointermove', (e) => this.onMove(e));
    window.addEventListener('pointerup', (e) => this.onUp(e));
    window.addEventListener('pointercancel', (e) => this.onUp(e));
    // Swallow the click that ends a drag, before anything else sees it.
    svg.addEventListener(
      'click',
      (e) => {
        if (this.dragged) {
          e.stopPropagation();
          e.preventDefault();
          this.dragged = false;
        }
      },
      true,
    );
  }

  // Shows this.box; `keep` false when the change is not to be remembered (reset, restore).
  apply(keep = true) {
    const { x, y, w, h } = this.box;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
    if (keep) this.save();
    if (w !== this.zoomedW) {
      this.zoomedW = w;
      this.onZoom?.();
    }
  }

  // Screen pixels per map unit when `box` is shown (the shown one unless given; `this.full` for
  // "Fit"); 0 while the element is not laid out.
  scaleNow(box = this.box) {
    const r = this.svg.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return 0;
    return Math.min(r.width / box.w, r.height / box.h);
  }

  // The box within the zoom limits (same shape) and inside the map along each axis where it fits,
  // else centred on the map along that axis. `shown` is the part of the box's height that is seen
  // (from its top; 1 unless something covers the element's bottom): that part is kept on the map.
  clamp({ x, y, w, h }, shown = 1) {
    const f = Math.min(this.maxW, Math.max(this.minW, w)) / w;
    const cx = x + w / 2;
    const cy = y + h / 2;
    w *= f;
    h *= f;
    x = cx - w / 2;
    y = cy - h / 2;
    const inside = (pos, size, start, length) =>
      size >= length ? start + length / 2 - size / 2 : Math.min(Math.max(pos, start), start + length - size);
    return { x: inside(x, w, this.full.x, this.full.w), y: inside(y, h * shown, this.full.y, this.full.h), w, h };
  }

  // Keeps the shown box under storageKey, a moment after the last change (a drag changes it on
  // every pointer move).
  save() {
    if (!this.storageKey) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      try {
        localStorage.setItem(this.storageKey, JSON.stringify(this.box));
      } catch {
        // storage full or disabled: the view is simply not kept
      }
    }, 150);
  }

  forget() {
    clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (!this.storageKey) return;
    try {
      localStorage.removeItem(this.storageKey);
    } catch {
      // storage disabled
    }
  }

  // Shows the kept box, if one is kept and valid; returns whether it did.
  restore() {
    if (!this.storageKey) return false;
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(this.storageKey) ?? 'null');
    } catch {
      kept = null;
    }
    const ok = kept && ['x', 'y', 'w', 'h'].every((k) => Number.isFinite(kept[k])) && kept.w > 0 && kept.h > 0;
    if (!ok) return false;
    this.box = this.clamp(kept);
    this.apply(false);
    return true;
  }

  // The map point under client coordinates.
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    // preserveAspectRatio meet: the box is scaled uniformly and centred.
    const scale = Math.max(this.box.w / r.width, this.box.h / r.height);
    const ox = (r.width * scale - this.box.w) / 2;
    const oy = (r.height * scale - this.box.h) / 2;
    return { x: this.box.x - ox + (clientX - r.left) * scale, y: this.box.y - oy + (clientY - r.top) * scale, scale };
  }

  zoomAt(factor, clientX, clientY) {
    const w = Math.min(this.maxW, Math.max(this.minW, this.box.w * factor));
    const f = w / this.box.w;
    const p = clientX === undefined ? { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 } : this.toMap(clientX, clientY);
    this.box = { x: p.x - (p.x - this.box.x) * f, y: p.y - (p.y - this.box.y) * f, w: this.box.w * f, h: this.box.h * f };
    this.apply();
  }

  zoomBy(factor) {
    this.zoomAt(factor);
  }

  // "Fit": the whole map, and the kept view forgotten.
  reset() {
    this.box = { ...this.full };
    this.apply(false);
    this.forget();
  }

  // The width of the view that fitBox would show for a rectangle of w x h map units.
  fitted({ w, h }) {
    const r = this.svg.getBoundingClientRect();
    const aspect = r.width > 0 && r.height > 0 ? r.width / r.height : this.full.w / this.full.h;
    return { width: Math.min(this.maxW, Math.max(this.minW, w, h * aspect)), aspect };
  }

  // Screen pixels per map unit once fitBox has shown the rectangle.
  pixelsPerUnit(rect) {
    return this.svg.getBoundingClientRect().width / this.fitted(rect).width;
  }

  // Shows the map rectangle {x, y, w, h} (in map units) whole and centred, zoomed in no further
  // than the limit, as the element's shape allows; moved inside the map where that leaves the
  // rectangle whole, so that the map fills the element rather than the sea beyond its edge. With
  // `shown` < 1 only that part of the element's height (from its top) is seen, the rest being
  // covered (a phone's drawer): the rectangle is fitted and centred in that part.
  fitBox({ x, y, w, h }, shown = 1) {
    const { width, aspect } = this.fitted({ w, h: h / shown });
    const height = width / aspect;
    this.box = this.clamp({ x: x + w / 2 - width / 2, y: y + h / 2 - (height * shown) / 2, w: width, h: height }, shown);
    this.apply();
  }

  // Centres the view on a map point without changing the zoom.
  centreOn(x, y) {
    this.box = { ...this.box, x: x - this.box.w / 2, y: y - this.box.h / 2 };
    this.apply();
  }

  onWheel(e) {
    e.preventDefault();
    this.zoomAt(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY);
  }

  onDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY });
    if (this.pointers.size === 1) this.dragged = false;
  }

  onMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size === 1) {
      if (!this.dragged && Math.hypot(e.clientX - p.startX, e.clientY - p.startY) < 6) return;
      this.dragged = true;
      const { scale } = this.toMap(0, 0);
      this.box.x -= (e.clientX - p.x) * scale;
      this.box.y -= (e.clientY - p.y) * scale;
      p.x = e.clientX;
      p.y = e.clientY;
      this.apply();
      return;
    }
    // Pinch: scale by the change of distance between the first two pointers, about their middle.
    const [a, b] = [...this.pointers.values()];
    const before = Math.hypot(a.x - b.x, a.y - b.y);
    p.x = e.clientX;
    p.y = e.clientY;
    const after = Math.hypot(a.x - b.x, a.y - b.y);
    this.dragged = true;
    if (before > 0 && after > 0) this.zoomAt(before / after, (a.x + b.x) / 2, (a.y + b.y) / 2);
  }

  onUp(e) {
    this.pointers.delete(e.pointerId);
  }
}
