package video

func parseMVF(data []byte) (*Video, error)   { return nil, ErrUnsupported }
func parseRAWVF(data []byte) (*Video, error) { return nil, ErrUnsupported }
