const ExecutionEnvironment = {canUseDOM: true, canUseEventListeners: true, canUseIntersectionObserver: false, canUseViewport: true};
export default ExecutionEnvironment;
