// Recorded analyst and judge replies for the e2e replay test, in the simple format of
// ../shared/data/dev/recorded-llm.jsonl (question → analytical, judge). Written for this test.
export const REPLAY_BENCHMARK = [
  {
    id: "r1",
    question: "배송 드론이 떨어뜨린 물건 때문에 차가 부서지면 배상받을 수 있나요?",
    gold_case_numbers: ["2098다1001"],
  },
  { id: "r2", question: "가상 현실에서 바람을 피운 배우자와 이혼할 수 있나요?", gold_case_numbers: ["2098므21, 22"] },
];

export const RECORDED_REPLIES = [
  {
    id: "r1",
    question: REPLAY_BENCHMARK[0]?.question,
    analytical: "재생된 분석 질의: 드론 배송 낙하물 손해배상 책임",
    judge: "쟁점 검토\n[판결 이유]\n드론 배송 사업자는 낙하물로 제3자에게 입힌 손해를 배상할 책임이 있다.",
  },
  {
    id: "r2",
    question: REPLAY_BENCHMARK[1]?.question,
    analytical: "재생된 분석 질의: 가상현실 부정행위와 재판상 이혼 사유",
    judge:
      "쟁점 검토\n[판결 이유]\n가상 공간에서의 부정한 행위도 혼인관계를 파탄에 이르게 한 경우 재판상 이혼 사유가 된다.",
  },
];
